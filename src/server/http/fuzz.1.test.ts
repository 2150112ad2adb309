import { fuzzShard } from '../test/fuzz-suite';

// Every route's fuzz, part 1 of 4 (the parts run side by side).
fuzzShard(0, 4);
