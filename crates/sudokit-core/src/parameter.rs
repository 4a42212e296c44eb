//! [`ParameterError`]: a setting or size outside its allowed range.

use std::borrow::Cow;
use std::fmt;

/// A setting or size given by a user that lies outside its allowed range:
/// a negative mutation rate, a population of a billion, a board of
/// `usize::MAX` columns. It names the parameter, the value given and what
/// is allowed, so that the message alone says what to change.
///
/// ```
/// use sudokit_core::ParameterError;
/// let err = ParameterError::new("population", 0, "2 to 100000");
/// assert_eq!(err.name(), "population");
/// assert_eq!(err.to_string(), "population = 0 is out of range (allowed: 2 to 100000)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("{name} = {value} is out of range (allowed: {allowed})")]
pub struct ParameterError {
    name: Cow<'static, str>,
    value: String,
    allowed: Cow<'static, str>,
}

impl ParameterError {
    /// The error of parameter `name` set to `value`, where `allowed` says
    /// what may be given.
    pub fn new(
        name: impl Into<Cow<'static, str>>,
        value: impl fmt::Display,
        allowed: impl Into<Cow<'static, str>>,
    ) -> ParameterError {
        ParameterError { name: name.into(), value: value.to_string(), allowed: allowed.into() }
    }

    /// The parameter's name, as its setter calls it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The value given, as text.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// What is allowed.
    pub fn allowed(&self) -> &str {
        &self.allowed
    }

    /// `Ok` when `value` lies in `min..=max`, else the error of `name`.
    ///
    /// ```
    /// use sudokit_core::ParameterError;
    /// assert!(ParameterError::check_range("tournament", 3, 1, 1000).is_ok());
    /// let err = ParameterError::check_range("tournament", 0, 1, 1000).unwrap_err();
    /// assert_eq!(err.allowed(), "1 to 1000");
    /// ```
    ///
    /// # Errors
    /// The error naming the parameter and the range.
    pub fn check_range<T: PartialOrd + fmt::Display>(
        name: &'static str,
        value: T,
        min: T,
        max: T,
    ) -> Result<(), ParameterError> {
        if min <= value && value <= max {
            Ok(())
        } else {
            Err(ParameterError::new(name, value, format!("{min} to {max}")))
        }
    }

    /// `Ok` when `value` is finite and lies in `min..=max` (NaN never
    /// does), else the error of `name`.
    ///
    /// ```
    /// use sudokit_core::ParameterError;
    /// assert!(ParameterError::check_real("mutation rate", 0.5, 0.0, 1.0).is_ok());
    /// assert!(ParameterError::check_real("mutation rate", f64::NAN, 0.0, 1.0).is_err());
    /// ```
    ///
    /// # Errors
    /// The error naming the parameter and the range.
    pub fn check_real(name: &'static str, value: f64, min: f64, max: f64) -> Result<(), ParameterError> {
        if value.is_finite() && min <= value && value <= max {
            Ok(())
        } else {
            Err(ParameterError::new(name, value, format!("a number from {min} to {max}")))
        }
    }
}
