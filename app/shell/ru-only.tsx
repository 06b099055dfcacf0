import type { ReactNode } from 'react'
import { useT } from '../lib/i18n'

/**
 * A block whose text has no English translation (issue 17: e.g. a product imported from 1C in
 * Russian only). On an English page it is marked `lang="ru"` — screen readers switch voice —
 * and says so visibly; otherwise it renders its children as they are.
 */
export function RuOnly({
  when,
  children,
  as: Tag = 'div',
  className,
}: {
  when: boolean
  children: ReactNode
  as?: 'div' | 'span' | 'section'
  className?: string
}) {
  const t = useT()
  if (!when) return Tag === 'div' && !className ? <>{children}</> : <Tag className={className}>{children}</Tag>
  return (
    <Tag lang="ru" data-ru-only="" className={className}>
      <span lang="en" className="mb-1 block text-sm text-neutral-500 italic">
        {t('content.ruOnly')}
      </span>
      {children}
    </Tag>
  )
}

/** Whether a field is listed in an answer's `ruOnly`. */
export const isRuOnly = (ruOnly: readonly string[] | undefined, field: string) => ruOnly?.includes(field) ?? false
