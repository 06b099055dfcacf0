/**
 * The CommerceML catalog import, by phase: step.ts (the state between 1C's calls), parse.ts and
 * parser.ts (phase 1, parse and check), apply.ts, products.ts and offers.ts (phase 2, write),
 * finish.ts (phase 3). The overview of the protocol is in types.ts.
 */
export { importStep, resetImport } from './step'
export { fileKind, STEP_MS, type FileKind, type StepResult } from './types'
export { volumeFrom } from './classifier'
