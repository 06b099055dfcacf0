import { useEffect, useRef, useState, type ReactNode } from 'react'
import { LINK_ENTITIES } from '../../../server/contracts/links'
import type { NavItem } from '../../../server/contracts/site'
import { useT } from '../../lib/i18n'
import { AppLink } from '../ui/app-link'
import { IconChevronLeft, IconChevronRight } from './icons-more'
import type { ShellData } from './shell-data'
import '../../lib/messages/shell-more'

export interface MenuItem extends NavItem {
  /** Shown only below 1280 px (the catalog, which is inline from 1280 px up). */
  belowLaptopOnly?: boolean
}

/** The burger menu's items: the header navigation, with the catalog and services sub-menus from their sections. */
export function menuItems(
  shell: Pick<ShellData, 'navHeader' | 'catalogSections' | 'servicesSections'>,
  catalogLabel: string,
): MenuItem[] {
  const sections = (list: ShellData['catalogSections']) =>
    list.map((s) => ({ id: s.id, label: s.title, link: s.link, items: [] }))
  const items: MenuItem[] = shell.navHeader.map((item) => {
    if (item.link === LINK_ENTITIES.catalog)
      return { ...item, items: sections(shell.catalogSections), belowLaptopOnly: true }
    if (item.link === LINK_ENTITIES.services && shell.servicesSections.length)
      return { ...item, items: sections(shell.servicesSections) }
    return item
  })
  if (!items.some((i) => i.link === LINK_ENTITIES.catalog) && shell.catalogSections.length) {
    items.unshift({
      id: -1,
      label: catalogLabel,
      link: LINK_ENTITIES.catalog,
      items: sections(shell.catalogSections),
      belowLaptopOnly: true,
    })
  }
  return items
}

/**
 * The burger menu's navigation: items with children open a sub-menu (sliding in, 300 ms) that
 * has a back control; back returns focus to the item that opened it. The tree is rendered once
 * the drawer is first wanted (header.tsx), with every sub-menu; closed sub-menus are `inert`.
 */
export function MenuTree({ items, open, label }: { items: MenuItem[]; open: boolean; label: string }) {
  const t = useT()
  const [sub, setSub] = useState<MenuItem | null>(null)
  const openerRef = useRef<HTMLButtonElement | null>(null)
  const backRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) setSub(null)
  }, [open])
  useEffect(() => {
    if (sub) requestAnimationFrame(() => backRef.current?.focus({ preventScroll: true }))
  }, [sub])

  const row =
    'flex min-h-12 w-full items-center justify-between gap-3 px-4 text-left text-base font-medium text-ink hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50 focus-visible:-outline-offset-2 data-[status=active]:text-brand-700'

  return (
    <nav aria-label={label} className="relative grid overflow-hidden">
      <ul
        inert={sub !== null}
        className={`[grid-area:1/1] duration-300 ${sub ? 'invisible -translate-x-full transition-[transform,visibility]' : 'translate-x-0 transition-transform'}`}
      >
        {items.map((item) => (
          <li key={item.id} className={item.belowLaptopOnly ? 'laptop:hidden' : undefined}>
            {item.items.length > 0 ? (
              <button
                type="button"
                className={row}
                aria-haspopup="true"
                aria-expanded={sub?.id === item.id}
                onClick={(e) => {
                  openerRef.current = e.currentTarget
                  setSub(item)
                }}
              >
                {item.label}
                <IconChevronRight className="size-5 text-neutral-400" />
              </button>
            ) : (
              <AppLink to={item.link} className={row}>
                {item.label}
              </AppLink>
            )}
          </li>
        ))}
      </ul>
      {/* Sub-menus are rendered for every parent (stacked in one grid cell), so their links are in the HTML too. */}
      {items
        .filter((item) => item.items.length > 0)
        .map((item) => {
          const active = sub?.id === item.id
          return (
            <div
              key={item.id}
              inert={!active}
              className={`[grid-area:1/1] bg-white duration-300 ${active ? 'translate-x-0 transition-transform' : 'invisible translate-x-full transition-[transform,visibility]'}`}
            >
              <button
                ref={active ? backRef : undefined}
                type="button"
                className={`${row} justify-start border-b border-neutral-100 text-neutral-600`}
                onClick={() => {
                  setSub(null)
                  const opener = openerRef.current
                  requestAnimationFrame(() => opener?.focus({ preventScroll: true }))
                }}
              >
                <IconChevronLeft className="size-5" />
                {t('header.back')}
              </button>
              <ul aria-label={item.label}>
                <li>
                  <AppLink to={item.link} className={`${row} font-semibold`}>
                    {item.label}
                  </AppLink>
                </li>
                {item.items.map((child) => (
                  <li key={child.id}>
                    <AppLink to={child.link} className={`${row} font-normal`}>
                      {child.label}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
    </nav>
  )
}

/** A section of the menu panel under a small heading. */
export function PanelSection({
  title,
  children,
  className = '',
}: {
  title?: string
  children: ReactNode
  className?: string
}) {
  return (
    <div className={`border-t border-neutral-100 px-4 py-4 ${className}`}>
      {title && <p className="mb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase">{title}</p>}
      {children}
    </div>
  )
}
