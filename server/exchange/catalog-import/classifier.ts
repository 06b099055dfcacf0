import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { exchangeRoot, stagedPath } from '../files'
import type { Parsing } from './parse'
import type { GroupDef } from './types'

/** What import files leave for the files after them (groups, properties, price types), and name rules. */

interface SavedClassifier {
  groups: Record<string, GroupDef>
  props: Record<string, { name: string; values: Record<string, string> }>
}
const classifierFile = (sessionId: string) => stagedPath(sessionId, 'classifier')

export function readClassifier(sessionId: string): SavedClassifier {
  try {
    return JSON.parse(readFileSync(classifierFile(sessionId), 'utf8')) as SavedClassifier
  } catch {
    return { groups: {}, props: {} }
  }
}

/** Groups and properties seen in this session's import files, for the goods files after them. */
export function saveClassifier(sessionId: string, groups: Record<string, GroupDef>, props: Parsing['props']) {
  const saved = readClassifier(sessionId)
  Object.assign(saved.groups, groups)
  for (const [id, prop] of props) saved.props[id] = { name: prop.name, values: Object.fromEntries(prop.values) }
  writeFileSync(classifierFile(sessionId), JSON.stringify(saved))
}

const priceTypesFile = () => join(exchangeRoot(), 'price-types.json')

/** prices.xml of newer releases may name price types without listing them: the last list seen. */
export function savePriceTypes(types: Map<string, string>) {
  writeFileSync(priceTypesFile(), JSON.stringify(Object.fromEntries(types)))
}
export function knownPriceTypes(): Map<string, string> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(priceTypesFile(), 'utf8')) as Record<string, string>))
  } catch {
    return new Map()
  }
}

export const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е')
export const BRAND_PROPS = new Set(['производитель', 'бренд', 'торговая марка', 'марка', 'brand'])
export const isHairProp = (name: string) => /тип\s+волос/.test(norm(name))
export const isPurposeProp = (name: string) => /^назначение/.test(norm(name))

/** Volume in ml from "250 мл", "1 л", "1,5 l" (null when none). */
export function volumeFrom(text: string): number | null {
  const m = /(\d+(?:[.,]\d+)?)\s*(мл|ml|л|l)(?![\p{L}])/iu.exec(text)
  if (!m) return null
  const n = Number(m[1]!.replace(',', '.'))
  return Math.round(/^(л|l)$/i.test(m[2]!) ? n * 1000 : n)
}
