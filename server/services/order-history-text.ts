import { messagesMatching, t, type Locale } from '../contracts/i18n'

/**
 * Order history comments are stored as records in the shop's language (Russian), rendered from
 * message keys (`order.history*`, `payment.history*`, `orderStatus.history.*`). For an English
 * page a stored text is read back to its key and parameters and rendered again (issue 17);
 * `param` translates a parameter's value (e.g. a cancel reason's title). A text that matches no
 * key (typed by a person) is returned as it is.
 */
const HISTORY_KEYS = /(^|\.)history/

interface Pattern {
  key: string
  names: string[]
  regex: RegExp
}

let patterns: Pattern[] | null = null

function compile(): Pattern[] {
  return messagesMatching('ru', HISTORY_KEYS)
    .map(([key, text]) => {
      const names: string[] = []
      const source = text
        .split(/(\{\w+\})/)
        .map((part) => {
          const m = /^\{(\w+)\}$/.exec(part)
          if (!m?.[1]) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          names.push(m[1])
          return '([\\s\\S]*?)'
        })
        .join('')
      // a status change from 1C or the acquirer may carry ': detail' after the message
      return { key, names, regex: new RegExp(`^${source}(?:: ([\\s\\S]*))?$`) }
    })
    .sort((a, b) => b.regex.source.length - a.regex.source.length)
}

export function historyCommentText(
  locale: Locale,
  comment: string,
  param: (name: string, value: string) => string = (_, v) => v,
): string {
  if (locale === 'ru' || comment === '') return comment
  patterns ??= compile()
  for (const p of patterns) {
    const m = p.regex.exec(comment)
    if (!m) continue
    const params: Record<string, string> = {}
    p.names.forEach((name, i) => (params[name] = param(name, m[i + 1] ?? '')))
    const detail = m[p.names.length + 1]
    const text = t(locale, p.key, params)
    return detail ? `${text}: ${detail}` : text
  }
  return comment
}
