import { fuzzShard } from './fuzz-run';

// A third of the fuzz (fuzz-run.ts): the three files run in parallel workers.
fuzzShard(2, 3);
