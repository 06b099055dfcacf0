import type { RefObject } from 'react'
import { LINK_ENTITIES } from '../../../server/contracts/links'
import { phoneHref } from '../../../server/contracts/contacts'
import { useT } from '../../lib/i18n'
import { AppLink } from '../ui/app-link'
import { IconCart, IconClose, IconHeart, IconMenu, IconPhone, IconSearch, IconUser } from './icons'
import { InlineMenu } from './inline-menu'
import type { HeaderState } from './header'
import type { ShellData } from './shell-data'
import { BADGE_CLASS, badgeLabel, badgeText } from './personal-parts'

export const iconButton =
  'relative flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-neutral-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600'

/**
 * The header's main row: the burger toggle, home, the inline catalog menu (from 1280 px), the
 * search toggle, the phone link, favorites and cart with their badges, the account link.
 */
export function HeaderMainRow({
  state,
  toggle,
  wantMenu,
  menuId,
  searchId,
  menuButtonRef,
  searchButtonRef,
  title,
  catalogSections,
  firstPhone,
  counts,
}: {
  state: HeaderState
  toggle: (next: HeaderState) => void
  /** The burger is hovered, focused or pressed: fetch and render the (closed) drawer. */
  wantMenu?: () => void
  menuId: string
  searchId: string
  menuButtonRef: RefObject<HTMLButtonElement | null>
  searchButtonRef: RefObject<HTMLButtonElement | null>
  title: string
  catalogSections: ShellData['catalogSections']
  firstPhone: string | undefined
  counts: { favorites: number; cart: number; isAuthorized: boolean }
}) {
  const t = useT()
  const accountLink = counts.isAuthorized ? LINK_ENTITIES['personal-info'] : LINK_ENTITIES.login
  return (
    <div className="relative mx-auto flex max-w-[1600px] items-center gap-1 bg-white px-2 py-2 phone:px-3 tablet:gap-2 tablet:px-4">
      <button
        ref={menuButtonRef}
        type="button"
        className={`${iconButton} tablet:w-auto tablet:gap-2 tablet:px-3`}
        aria-expanded={state === 'menu'}
        aria-controls={menuId}
        aria-label={state === 'menu' ? t('header.menuClose') : t('header.menuOpen')}
        onClick={() => toggle('menu')}
        onPointerEnter={wantMenu}
        onPointerDown={wantMenu}
        onFocus={wantMenu}
      >
        {state === 'menu' ? <IconClose /> : <IconMenu />}
        <span aria-hidden="true" className="hidden text-[15px] font-medium tablet:inline">
          {t('header.menu')}
        </span>
      </button>

      <AppLink
        to="/"
        className="mr-auto flex min-w-0 items-center gap-2 px-1"
        aria-label={`${title} — ${t('header.home')}`}
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
          {title}
        </span>
      </AppLink>

      <div className="hidden min-w-0 flex-1 px-4 laptop:block">
        <InlineMenu items={catalogSections} label={t('header.catalog')} />
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
        data-personal="favorites"
      >
        <IconHeart />
        <Badge count={counts.favorites} />
      </AppLink>
      <AppLink
        to={LINK_ENTITIES.cart}
        className={iconButton}
        aria-label={badgeLabel(t('header.cart'), counts.cart)}
        data-personal="cart"
      >
        <IconCart />
        <Badge count={counts.cart} />
      </AppLink>
      <AppLink
        to={accountLink}
        className={iconButton}
        aria-label={counts.isAuthorized ? t('header.account') : t('header.login')}
        data-personal="account"
      >
        <IconUser />
      </AppLink>
    </div>
  )
}

/** Its markup is also written by personal-parts.ts (ADR 021): change both or neither. */
function Badge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <span aria-hidden="true" data-testid="badge" className={BADGE_CLASS}>
      {badgeText(count)}
    </span>
  )
}
