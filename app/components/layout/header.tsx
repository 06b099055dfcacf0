import { useLocation } from '@tanstack/react-router'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { LINK_ENTITIES } from '../../../server/contracts/links'
import { phoneHref, type ResolvedContacts } from '../../../server/contracts/contacts'
import { useT } from '../../lib/i18n'
import { AppLink } from '../ui/app-link'
import {
  IconCart,
  IconClose,
  IconHeart,
  IconMenu,
  IconPhone,
  IconPin,
  IconSearch,
  IconUser,
  SocialBadge,
} from './icons'
import { InlineMenu } from './inline-menu'
import { MenuTree, PanelSection, type MenuItem } from './menu-panel'
import { SearchForm } from './search-form'
import { useCityContacts, useShellData, type ShellData } from './shell-data'
import { useShellUi } from './shell-ui'
import { useFocusTrap } from './use-focus-trap'
import { useHeaderCounts } from './use-header-counts'

export type HeaderState = 'closed' | 'menu' | 'search'

/**
 * Open: visibility switches at once (so focus can move in on the same frame); closing: it
 * flips only after the 300 ms fade (spec §4), so the panel stays visible while it leaves.
 */
const shown = 'visible translate-y-0 opacity-100 transition-[opacity,transform]'
const hidden = 'invisible -translate-y-2 opacity-0 transition-[opacity,transform,visibility]'
/** The burger menu is a drawer sliding in from the left over the whole height of the screen. */
const drawerShown = 'visible translate-x-0 transition-transform'
const drawerHidden = 'invisible -translate-x-full transition-[transform,visibility]'

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
 * The site header (spec §1, §2): home, city, social links, phones, order link, search, favorites,
 * cart, account; the inline catalog menu from 1280 px; the burger menu (with the catalog below
 * 1280 px). One state: closed | menu | search. Escape, an outside click, a width change or a
 * route change closes it; open panels trap focus and return it to their toggle.
 * Below 768 px the search field is always shown under the main row (issue 17: not hidden in the
 * burger). The burger menu is a drawer over the whole height of the screen, above the floating
 * call button, with one close button; the page behind it is dimmed and does not scroll.
 */
export function Header() {
  const t = useT()
  const shell = useShellData()
  const contacts = useCityContacts()
  const counts = useHeaderCounts()
  const { openCitySelect } = useShellUi()
  const [state, setState] = useState<HeaderState>('closed')
  const headerRef = useRef<HTMLElement>(null)
  const backdropRef = useRef<HTMLDivElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const searchRef = useRef<HTMLDivElement>(null)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const searchButtonRef = useRef<HTMLButtonElement>(null)
  const searchInputRef = useRef<HTMLInputElement>(null)
  const menuId = useId()
  const searchId = useId()
  const location = useLocation()
  const items = useMemo(() => menuItems(shell, t('header.catalog')), [shell, t])

  useEffect(() => setState('closed'), [location.pathname, location.searchStr])

  useEffect(() => {
    let width = window.innerWidth
    const onResize = () => {
      if (window.innerWidth === width) return
      width = window.innerWidth
      setState('closed')
    }
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])

  useEffect(() => {
    if (state === 'closed') return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) setState('closed')
    }
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node
      if (!headerRef.current?.contains(target) || target === backdropRef.current) setState('closed')
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onDown)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onDown)
    }
  }, [state])

  // The open drawer covers the page: the page under it does not scroll.
  useEffect(() => {
    if (state !== 'menu') return
    const root = document.documentElement
    const before = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = before
    }
  }, [state])

  useFocusTrap(menuRef, state === 'menu', { returnTo: menuButtonRef })
  useFocusTrap(searchRef, state === 'search', { initial: () => searchInputRef.current, returnTo: searchButtonRef })

  const toggle = (next: HeaderState) => setState((s) => (s === next ? 'closed' : next))
  const iconButton =
    'relative flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-neutral-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600'
  const firstPhone = contacts.phones[0]
  const accountLink = counts.isAuthorized ? LINK_ENTITIES['personal-info'] : LINK_ENTITIES.login

  return (
    <header
      ref={headerRef}
      // While the drawer is open the header (its stacking context) rises above the floating call
      // button and the notices (z-50), still under the dialogs (z-60).
      className={`sticky top-0 border-b border-neutral-200 bg-white ${state === 'menu' ? 'z-[55]' : 'z-40'}`}
    >
      {/* Utility row: city, social, phones, order link (from 1024 px; in the menu below). */}
      <div className="relative hidden border-b border-neutral-100 bg-white tablet-l:block">
        <div className="mx-auto flex max-w-[1600px] items-center gap-6 px-4 py-2 text-sm">
          <CityButton name={shell.userCity.name} onClick={openCitySelect} />
          <SocialLinks social={contacts.social} />
          <div className="ml-auto flex items-center gap-5">
            <Phones phones={contacts.phones} className="flex items-center gap-4" />
            <AppLink to={LINK_ENTITIES.cart} className="font-medium text-brand-700 hover:underline">
              {t('header.order')}
            </AppLink>
          </div>
        </div>
      </div>

      {/* Main row. */}
      <div className="relative mx-auto flex max-w-[1600px] items-center gap-1 bg-white px-2 py-2 phone:px-3 tablet:gap-2 tablet:px-4">
        <button
          ref={menuButtonRef}
          type="button"
          className={`${iconButton} tablet:w-auto tablet:gap-2 tablet:px-3`}
          aria-expanded={state === 'menu'}
          aria-controls={menuId}
          aria-label={state === 'menu' ? t('header.menuClose') : t('header.menuOpen')}
          onClick={() => toggle('menu')}
        >
          {state === 'menu' ? <IconClose /> : <IconMenu />}
          <span aria-hidden="true" className="hidden text-[15px] font-medium tablet:inline">
            {t('header.menu')}
          </span>
        </button>

        <AppLink
          to="/"
          className="mr-auto flex min-w-0 items-center gap-2 px-1"
          aria-label={`${shell.options.title} — ${t('header.home')}`}
        >
          <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
            <rect width="32" height="32" rx="8" fill="#5a36e8" />
            <path
              d="M10 23c0-7 3-12 8-14-2 3-3 7-2 11 2-3 4-5 7-6-3 3-4 6-4 9"
              stroke="#fff"
              strokeWidth="2"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
          {/* Never cut ("Вол…"): on a narrow phone the name wraps at a word boundary. */}
          <span className="text-[15px] leading-tight font-semibold text-balance text-brand-700 phone-l:text-lg">
            {shell.options.title}
          </span>
        </AppLink>

        <div className="hidden min-w-0 flex-1 px-4 laptop:block">
          <InlineMenu items={shell.catalogSections} label={t('header.catalog')} />
        </div>

        <button
          ref={searchButtonRef}
          type="button"
          className={`${iconButton} hidden tablet:flex`}
          aria-expanded={state === 'search'}
          aria-controls={searchId}
          aria-label={state === 'search' ? t('header.searchClose') : t('header.searchOpen')}
          onClick={() => toggle('search')}
        >
          {state === 'search' ? <IconClose /> : <IconSearch />}
        </button>
        {firstPhone && (
          <a
            href={phoneHref(firstPhone)}
            className={`${iconButton} hidden phone:flex tablet-l:hidden`}
            aria-label={`${t('header.phones')}: ${firstPhone}`}
          >
            <IconPhone />
          </a>
        )}
        <AppLink
          to={LINK_ENTITIES.favorites}
          className={iconButton}
          aria-label={badgeLabel(t('header.favorites'), counts.favorites)}
        >
          <IconHeart />
          <Badge count={counts.favorites} />
        </AppLink>
        <AppLink to={LINK_ENTITIES.cart} className={iconButton} aria-label={badgeLabel(t('header.cart'), counts.cart)}>
          <IconCart />
          <Badge count={counts.cart} />
        </AppLink>
        <AppLink
          to={accountLink}
          className={iconButton}
          aria-label={counts.isAuthorized ? t('header.account') : t('header.login')}
        >
          <IconUser />
        </AppLink>
      </div>

      {/* Below 768 px the search field is always in the header, under the main row. */}
      <div className="px-3 pb-2 tablet:hidden">
        <SearchForm />
      </div>

      {/* Dims the page (and the header rows) under the open drawer; a click on it is an outside click. */}
      <div
        ref={backdropRef}
        aria-hidden="true"
        className={`fixed inset-0 z-10 bg-ink/30 duration-300 ${state === 'menu' ? 'visible opacity-100 transition-opacity' : 'invisible opacity-0 transition-[opacity,visibility]'}`}
      />

      {/* Search dropdown (768 px and up). */}
      <div
        ref={searchRef}
        id={searchId}
        inert={state !== 'search'}
        className={`absolute inset-x-0 top-full hidden border-b border-neutral-200 bg-white shadow-md duration-300 tablet:block ${state === 'search' ? shown : hidden}`}
      >
        <div className="mx-auto max-w-3xl px-4 py-4">
          <SearchForm inputRef={searchInputRef} />
        </div>
      </div>

      {/* Burger menu. */}
      <div
        ref={menuRef}
        id={menuId}
        inert={state !== 'menu'}
        className={`fixed inset-y-0 left-0 z-20 w-[calc(100%-3.5rem)] max-w-sm overflow-y-auto overscroll-contain bg-white shadow-xl duration-300 tablet:w-[400px] tablet:max-w-none ${state === 'menu' ? drawerShown : drawerHidden}`}
      >
        {/* The drawer's one close button (it covers the burger button). */}
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-neutral-100 bg-white px-4 py-2">
          <span className="text-sm font-semibold text-neutral-500">{t('header.menu')}</span>
          <button
            type="button"
            className={iconButton}
            aria-label={t('header.menuClose')}
            onClick={() => setState('closed')}
          >
            <IconClose />
          </button>
        </div>
        <MenuTree items={items} open={state === 'menu'} label={t('header.nav')} />
        <div className="tablet-l:hidden">
          <PanelSection title={t('header.city')}>
            <CityButton
              name={shell.userCity.name}
              onClick={() => {
                setState('closed')
                openCitySelect()
              }}
            />
          </PanelSection>
          {contacts.phones.length > 0 && (
            <PanelSection title={t('header.phones')}>
              <Phones phones={contacts.phones} className="flex flex-col gap-2 text-base" />
            </PanelSection>
          )}
          {contacts.social.length > 0 && (
            <PanelSection title={t('header.social')}>
              <SocialLinks social={contacts.social} />
            </PanelSection>
          )}
          <PanelSection>
            <AppLink to={LINK_ENTITIES.cart} className="font-medium text-brand-700 hover:underline">
              {t('header.order')}
            </AppLink>
          </PanelSection>
        </div>
      </div>
    </header>
  )
}

function badgeLabel(label: string, count: number) {
  return count > 0 ? `${label}: ${count}` : label
}

function Badge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      data-testid="badge"
      className="absolute top-0.5 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] leading-none font-semibold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}

export function CityButton({ name, onClick }: { name: string; onClick: () => void }) {
  const t = useT()
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-label={t('city.current', { city: name })}
      className="flex min-h-11 items-center gap-1.5 font-medium text-ink hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 tablet-l:min-h-0"
    >
      <IconPin className="size-5 text-brand-600" />
      <span>{name}</span>
    </button>
  )
}

export function Phones({ phones, className }: { phones: string[]; className?: string }) {
  return (
    <ul className={className}>
      {phones.map((p) => (
        <li key={p}>
          <a href={phoneHref(p)} className="font-medium whitespace-nowrap text-ink hover:text-brand-700">
            {p}
          </a>
        </li>
      ))}
    </ul>
  )
}

export function SocialLinks({ social }: { social: ResolvedContacts['social'] }) {
  const t = useT()
  if (social.length === 0) return null
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={t('header.social')}>
      {social.map((s) => (
        <li key={s.type + s.link}>
          <a
            href={s.link}
            target="_blank"
            rel="noopener noreferrer"
            className="block rounded-full hover:opacity-80 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {/* The name is read from hidden text, not aria-label: the visible abbreviation ("VK")
                would not match a label ("ВКонтакте") — WCAG 2.5.3, label in name. */}
            <span className="sr-only">{t(`social.${s.type}`)}</span>
            <SocialBadge type={s.type} />
          </a>
        </li>
      ))}
    </ul>
  )
}
