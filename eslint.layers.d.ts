import type { Linter } from 'eslint'

export const APP_SERVER_ENTRIES: string[]
export function layersConfig(root: string, options?: { files?: string[]; tsconfig?: string }): Linter.Config[]
