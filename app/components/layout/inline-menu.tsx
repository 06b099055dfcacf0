import { useLocation } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { SectionLink } from '../../../server/contracts/site'
import { useT } from '../../lib/i18n'
import { AppLink } from '../ui/app-link'
import { fitCount } from './footer-split'
import { IconDots } from './icons'

const GAP = 24
const DOTS_WIDTH = 44
const RESIZE_DEBOUNCE_MS = 60

/**
 * The inline catalog menu (≥1280 px): the sections that fit in one row, the rest in a "dots"
 * dropdown (spec §2). Re-measured when the row's width changes, debounced 60 ms (spec §9).
 * Server-rendered with every section (the row clips), so the links exist without JavaScript.
 */
export function InlineMenu({ items, label }: { items: SectionLink[]; label: string }) {
  const t = useT()
  const listId = useId()
  const rowRef = useRef<HTMLDivElement>(null)
  const measureRef = useRef<HTMLUListElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const dropdownRef = useRef<HTMLDivElement>(null)
  const [count, setCount] = useState(items.length)
  const [open, setOpen] = useState(false)
  const location = useLocation()

  useEffect(() => {
    const row = rowRef.current
    const measure = measureRef.current
    if (!row || !measure) return
    const update = () => {
      if (row.clientWidth === 0) return // hidden below 1280 px
      const widths = Array.from(measure.children).map((el) => el.getBoundingClientRect().width)
      setCount(fitCount(widths, row.clientWidth, GAP, DOTS_WIDTH))
    }
    update()
    let timer: ReturnType<typeof setTimeout> | undefined
    const observer = new ResizeObserver(() => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        setOpen(false)
        update()
      }, RESIZE_DEBOUNCE_MS)
    })
    observer.observe(row)
    return () => {
      clearTimeout(timer)
      observer.disconnect()
    }
  }, [items])

  useEffect(() => setOpen(false), [location.pathname, location.searchStr])

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        buttonRef.current?.focus()
      }
    }
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node
      if (!dropdownRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onDown)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onDown)
    }
  }, [open])

  const visible = items.slice(0, count)
  const hidden = items.slice(count)
  const link =
    'block whitespace-nowrap rounded-md px-1 py-3 text-[15px] focus-visible:-outline-offset-2 font-medium text-ink hover:text-brand-700 data-[status=active]:text-brand-700'

  return (
    <nav aria-label={label} className="relative">
      <div ref={rowRef} className="relative flex items-center overflow-hidden" style={{ gap: GAP }}>
        <ul
          aria-hidden="true"
          ref={measureRef}
          className="pointer-events-none invisible absolute top-0 left-0 flex"
          style={{ gap: GAP }}
        >
          {items.map((item) => (
            <li key={item.id} className={link}>
              {item.title}
            </li>
          ))}
        </ul>
        <ul className="flex min-w-0 items-center" style={{ gap: GAP }}>
          {visible.map((item) => (
            <li key={item.id}>
              <AppLink to={item.link} className={link}>
                {item.title}
              </AppLink>
            </li>
          ))}
        </ul>
        {hidden.length > 0 && (
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={t('header.more')}
            onClick={() => setOpen((o) => !o)}
            className="flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-neutral-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <IconDots />
          </button>
        )}
      </div>
      {hidden.length > 0 && (
        <div
          ref={dropdownRef}
          id={listId}
          className={`absolute top-full right-0 z-20 min-w-56 rounded-2xl border border-neutral-200 bg-white py-2 shadow-lg duration-300 ${open ? 'visible translate-y-0 opacity-100 transition-[opacity,transform]' : 'invisible -translate-y-1 opacity-0 transition-[opacity,transform,visibility]'}`}
        >
          <ul>
            {hidden.map((item) => (
              <li key={item.id}>
                <AppLink
                  to={item.link}
                  className="block px-4 py-2.5 text-[15px] text-ink hover:bg-brand-50 hover:text-brand-700"
                  tabIndex={open ? undefined : -1}
                >
                  {item.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </nav>
  )
}
