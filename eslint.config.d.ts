import type { Linter } from 'eslint'

export const asyncDataLayer: Linter.Config
declare const config: Linter.Config[]
export default config
