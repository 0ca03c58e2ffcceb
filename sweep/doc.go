// Package sweep runs grundy's many-independent-computations questions: the
// status of every octal code with up to three (or four) digits, the
// multi-bridge tally of every layout for n = 4, and grids of card-flip
// strategies × m × players × model.
//
// A sweep is a list of units (a code, a shard of layouts, a grid point),
// and its pipeline is defined once (pipeline.go): the unit numbers, a
// function of each unit (Worker.Unit), and the merge of their parts into
// the results (Worker.Merge). Each unit is written to DIR/parts/KEY.json
// atomically as soon as it is done, and a unit whose part exists is read
// back instead of computed, so a sweep that was stopped and started again
// does only what is left. A part records its unit's parameters and a
// checksum (part.go): one that is not its unit's is moved aside and
// computed again, and never merged. DIR/sweep.json records the Spec; a
// restart with another Spec into the same DIR is refused rather than
// mixing the parts of two sweeps, and DIR/sweep.lock (flock) keeps a
// second sweep out of a DIR while one runs.
//
// Executors: Local (the default: goroutines of this process, one a core),
// and Apache Beam's runners in the program grundy-sweep (Prism, Flink,
// Spark, Dataflow; cmd/grundy-sweep/beam.go), which run the same two
// functions, so that a sweep's results folder is the same whichever runs
// it. This package links no Beam: grundy stays small, and builds in a
// fraction of grundy-sweep's time. On a cluster DIR must be a directory
// every worker reaches (a shared file system, or gs://… through a
// RemoteFS). docs/sweeps.md has the commands.
//
// What each sweep checks against an independent source:
//
//   - octal: each code's period and pre-period against the published tables
//     (see Lookup: Winning Ways, Flammenkamp, Czajka), flagging every code
//     whose result disagrees;
//   - bridge: the tally of every layout, each dealt and its sequence given
//     by the editorial's characterization (bridge.ShardTally), against the
//     counting formula (bridge.Counter) for every one of the 3^(2n)
//     sequences, and the total against (4n)!/2^(2n);
//   - cardflip: Exact and Simulate are the library's own; the pipeline test
//     compares each point with a direct call.
package sweep
