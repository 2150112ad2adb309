import { fuzzShard } from '../test/fuzz-suite';

// Every route's fuzz, part 2 of 4 (the parts run side by side).
fuzzShard(1, 4);
