import { basename } from 'node:path'

/**
 * The CommerceML catalog import (import.xml, offers.xml, prices.xml, rests.xml), step by step:
 * 1C calls `mode=import` again while the answer is `progress`, and each call works for at most
 * STEP_MS. The state between calls is the `exchange_imports` row of (session, file).
 *
 * 1. parse — the upload is read in pieces with a streaming parser (cml.ts); each product or
 *    offer is checked (numbers, negative stock, references to groups, properties, price types,
 *    warehouses, products, uploaded images) and written as one JSON line to a staged file next
 *    to the upload (`.staged/<file>.jsonl`). The parser lives in memory between calls; if the
 *    process restarted meanwhile, the parse starts again from the top. Any problem ends the
 *    import with `failure` and a reason BEFORE the first write to the catalog: nothing changed.
 * 2. apply — the staged lines are written in transactions of one step each (products, or offers
 *    with their prices and stock), by external id (`Ид`), so repeating a file gives the same
 *    catalog. Each step re-indexes search for the products it touched.
 * 3. finish — a full file (no СодержитТолькоИзменения="true") hides the imported products it
 *    did not name (offers.xml: sets their offers' stock to 0); a partial file touches only what
 *    it names. Products are never deleted: orders keep their lines.
 *
 * A product becomes visible once it has an offer with a price: one that import.xml creates stays
 * hidden (and is remembered in `pending-products.json`) until offers.xml or prices.xml gives it one.
 */

export type FileKind = 'import' | 'offers' | 'prices' | 'rests'

export function fileKind(rel: string): FileKind | null {
  const b = basename(rel).toLowerCase()
  if (!b.endsWith('.xml')) return null
  for (const k of ['import', 'offers', 'prices', 'rests'] as const) if (b.startsWith(k)) return k
  return null
}

/** Time one import call may work (1C waits for each answer; the server keeps answering others). */
export const STEP_MS = 500
export const READ_CHUNK = 256 * 1024
/** How long a process holds the reading of a file after its last step (then another may restart it). */
export const READER_LEASE_MS = 60_000
/** At most this many staged records are written per call. */
export const MAX_PER_STEP = 2000
/** Product ids stay below this; offers take ids above it (db/schema/catalog.ts). */
export const OFFER_ID_BASE = 1_000_000
export const PLACEHOLDER_IMAGE = '/images/products/bottle-1.svg'

export type StepResult =
  | { status: 'progress'; message: string }
  | { status: 'success'; message: string }
  | { status: 'failure'; reason: string }

// --- Staged records ---------------------------------------------------------------------

export interface ProductRec {
  t: 'product'
  id: string
  name: string
  article: string
  description: string | null
  groups: string[]
  images: string[]
  deleted: boolean
  /** Values of the properties, sorted out: brand, filter links, the rest as attributes. */
  props: null | { brand: string | null; hair: string[]; purpose: string[]; attrs: { name: string; value: string }[] }
  maker: string | null
}

export interface OfferRec {
  t: 'offer'
  id: string
  product: string
  article: string
  name: string
  volume: number | null
  price: number | null
  /** undefined: leave as it is (no old-price type configured or no prices in the file). */
  oldPrice?: number | null
  stock: number | null
}

export interface GroupDef {
  name: string
  parent: string | null
}

export interface ImportState {
  kind: FileKind
  phase: 'parse' | 'apply' | 'finish'
  onlyChanges: boolean
  version: string
  groups: Record<string, GroupDef>
  usedGroups: string[]
  /** Bytes of the staged file already applied, and the count of staged records. */
  applyOffset: number
  staged: number
  applied: number
  /** Group Ид → section id, made by the first apply step of import.xml. */
  sections?: Record<string, number>
  /** The file has a Каталог (a file with only the Классификатор hides nothing). */
  hasCatalog?: boolean
  /**
   * The server process reading the file (its parser's position lives in that process's memory)
   * and until when it holds the file; another process leaves the reading to it meanwhile.
   */
  reader?: { worker: string; until: number }
}

export const ROOT = 'КоммерческаяИнформация'
