#!/usr/bin/env python3
"""docs/scale-out.md's Spark commands, run on a local Spark (PySpark).

    python3 tools/spark_pipe.py BIN PUZZLES OUT

BIN holds the release examples (`target/release/examples`), PUZZLES is a
puzzle file. On a local Spark with two workers, `RDD.pipe` runs `batch
--keyed`, `rate --no-header` and `generate --seed` (four shards of seeds
1 to 40) over partitions of their input, and writes what each returned
to OUT/spark.tsv, OUT/spark.csv and OUT/spark.txt, in partition order.
CI compares each with one run of the program (`.ci/run`, "Spark").
"""

import os
import sys

from pyspark import SparkConf, SparkContext, SparkFiles

# Generates the puzzles of each `SEED COUNT` line it reads; `$0` is the
# program (RDD.pipe splits a command as a shell would, without a shell).
SHARDS = "while read seed count; do \"$0\" --seed \"$seed\" -n \"$count\"; done"


def main():
    bin_dir, puzzles, out = sys.argv[1:4]
    conf = SparkConf().setMaster("local[2]").setAppName("sudokit scale-out check")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    try:
        for program in ("batch", "rate", "generate"):
            sc.addFile(os.path.join(bin_dir, program))
        lines = sc.textFile(puzzles, minPartitions=4).filter(lambda line: line and not line.startswith("#"))
        seeds = sc.parallelize(["1 10", "11 10", "21 10", "31 10"], 4)
        for rdd in (lines, seeds):
            if rdd.getNumPartitions() < 2:
                sys.exit(f"{rdd.getNumPartitions()} partition: nothing would run apart")
        jobs = {
            "spark.tsv": lines.pipe(SparkFiles.get("batch") + " --keyed --threads 1 -"),
            "spark.csv": lines.pipe(SparkFiles.get("rate") + " --no-header --threads 1 -"),
            "spark.txt": seeds.pipe(f"sh -c '{SHARDS}' " + SparkFiles.get("generate")),
        }
        for name, rdd in jobs.items():
            with open(os.path.join(out, name), "w", encoding="utf-8") as file:
                for line in rdd.collect():
                    file.write(line + "\n")
        print(f"Spark {sc.version}, {lines.getNumPartitions()} partitions of puzzles, 4 of seeds, local[2]")
    finally:
        sc.stop()


if __name__ == "__main__":
    main()
