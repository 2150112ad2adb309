// Types of build-state.mjs, for its test.
export declare const BUILD_INPUTS: string[];
export declare const BUILD_OUTPUTS: string[];
export declare const STAMP: string;
export declare function buildDecision(root: string): { build: boolean; reason: string };
export declare function build(root: string, options?: { stdio?: 'inherit' | 'ignore' }): number;
