import { SaxesParser, type SaxesTagPlain } from 'saxes'

/**
 * Streaming reader for CommerceML files. The document is fed in pieces (`write`), so a
 * 50,000-offer file is never held whole: only the element being collected (one `Товар`, one
 * `Предложение`, one top-level `Группа` with its subgroups) is built as a small tree and
 * handed over when it closes. Which elements are collected is decided by their path from the
 * root (`КоммерческаяИнформация/Каталог/Товары/Товар`).
 */

export interface CmlNode {
  name: string
  attrs: Record<string, string>
  children: CmlNode[]
  text: string
}

export interface CmlHandlers {
  /** Whether the element at this path (root first, the element last) is collected as a tree. */
  collect(path: readonly string[]): boolean
  /** A collected element, complete; `path` ends with its own name. */
  node(node: CmlNode, path: readonly string[]): void
  /** Every element that opens outside a collected one (headers: ВерсияСхемы, СодержитТолькоИзменения). */
  open?(name: string, attrs: Record<string, string>, path: readonly string[]): void
}

export class CmlReader {
  private readonly parser: SaxesParser
  private readonly path: string[] = []
  /** The collected element being built, and its open descendants (innermost last). */
  private readonly building: CmlNode[] = []
  private rootName = ''

  constructor(private readonly handlers: CmlHandlers) {
    this.parser = new SaxesParser({ position: true })
    this.parser.on('opentag', (tag: SaxesTagPlain) => this.onOpen(tag))
    this.parser.on('closetag', () => this.onClose())
    this.parser.on('text', (t) => this.onText(t))
    this.parser.on('cdata', (t) => this.onText(t))
    this.parser.on('xmldecl', (decl) => {
      const enc = decl.encoding?.toLowerCase()
      if (enc && enc !== 'utf-8' && enc !== 'utf8') throw new Error(`encoding ${decl.encoding} (only UTF-8 is read)`)
    })
  }

  /** The root element's name once it opened ('' before). */
  get root() {
    return this.rootName
  }

  /** Feeds the next piece of the document; throws on malformed XML (saxes names line and column). */
  write(text: string) {
    this.parser.write(text)
  }

  /** The end of the document: throws if it is incomplete. */
  close() {
    this.parser.close()
  }

  private onOpen(tag: SaxesTagPlain) {
    const attrs = tag.attributes as Record<string, string>
    if (this.path.length === 0) this.rootName = tag.name
    this.path.push(tag.name)
    if (this.building.length) {
      const node: CmlNode = { name: tag.name, attrs, children: [], text: '' }
      this.building[this.building.length - 1]!.children.push(node)
      this.building.push(node)
      return
    }
    if (this.handlers.collect(this.path)) {
      this.building.push({ name: tag.name, attrs, children: [], text: '' })
      return
    }
    this.handlers.open?.(tag.name, attrs, this.path)
  }

  private onClose() {
    if (this.building.length) {
      const node = this.building.pop()!
      node.text = node.text.trim()
      if (this.building.length === 0) this.handlers.node(node, this.path)
    }
    this.path.pop()
  }

  private onText(text: string) {
    const top = this.building[this.building.length - 1]
    if (top) top.text += text
  }
}

// --- Reading collected trees ------------------------------------------------------------

export const child = (n: CmlNode | undefined, name: string): CmlNode | undefined =>
  n?.children.find((c) => c.name === name)

export const childrenOf = (n: CmlNode | undefined, name: string): CmlNode[] =>
  n ? n.children.filter((c) => c.name === name) : []

/** The text of a direct child ('' when absent). */
export const textOf = (n: CmlNode | undefined, name: string): string => child(n, name)?.text ?? ''

/** Children of a child list: `listOf(товар, 'Группы', 'Ид')`. */
export const listOf = (n: CmlNode | undefined, list: string, item: string): CmlNode[] =>
  childrenOf(child(n, list), item)

/**
 * A CommerceML decimal ("1290.00", "1 290,5", "12.0"); null when the text is not a number.
 * Empty text is null as well: callers decide whether the value was required.
 */
export function cmlNumber(text: string): number | null {
  const t = text.replace(/[\s\u00a0]/g, '').replace(',', '.')
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null
  return Number(t)
}
