import { lazy, Suspense } from 'react'
import { SearchForm } from './search-form'
import { useCityContacts, useShellData } from './shell-data'
import { useShellUi } from './shell-ui'
import { useHeaderCounts } from './use-header-counts'
import { HeaderMainRow } from './header-main-row'
import { HeaderTopBar } from './header-top-bar'
import { useHeaderState } from './use-header-state'
import { useOnDemand } from './use-on-demand'

export { CityButton, Phones, SocialLinks } from './header-contacts'

export type HeaderState = 'closed' | 'menu' | 'search'

/**
 * Open: visibility switches at once (so focus can move in on the same frame); closing: it
 * flips only after the 300 ms fade (spec §4), so the panel stays visible while it leaves.
 */
const shown = 'visible translate-y-0 opacity-100 transition-[opacity,transform]'
const hidden = 'invisible -translate-y-2 opacity-0 transition-[opacity,transform,visibility]'

/** The burger drawer (its menu tree, panel and focus trap): a chunk of its own, fetched when first wanted. */
const HeaderDrawer = lazy(() => import('./header-drawer').then((m) => ({ default: m.HeaderDrawer })))
/** The search dropdown's focus trap: fetched with the dropdown's first opening. */
const loadSearchTrap = () => import('./search-trap').then((m) => m.default)

/**
 * The site header (spec §1, §2): home, city, social links, phones, order link, search, favorites,
 * cart, account; the inline catalog menu from 1280 px; the burger menu (with the catalog below
 * 1280 px). One state: closed | menu | search. Escape, an outside click, a width change or a
 * route change closes it; open panels trap focus and return it to their toggle. The drawer and
 * the search dropdown's form are not server-rendered: they are made when first wanted (ADR 026).
 * Below 768 px the search field is always shown under the main row (issue 17: not hidden in the
 * burger). The burger menu is a drawer over the whole height of the screen, above the floating
 * call button, with one close button; the page behind it is dimmed and does not scroll.
 */
export function Header() {
  const shell = useShellData()
  const contacts = useCityContacts()
  const counts = useHeaderCounts()
  const { openCitySelect } = useShellUi()
  const h = useHeaderState()
  const { state, setState } = h
  const SearchTrap = useOnDemand(loadSearchTrap, h.wanted.search)

  return (
    <header
      ref={h.headerRef}
      // While the drawer is open the header (its stacking context) rises above the floating call
      // button and the notices (z-50), still under the dialogs (z-60).
      className={`sticky top-0 border-b border-neutral-200 bg-white ${state === 'menu' ? 'z-[55]' : 'z-40'}`}
    >
      <HeaderTopBar city={shell.userCity.name} contacts={contacts} openCitySelect={openCitySelect} />

      <HeaderMainRow
        state={state}
        toggle={h.toggle}
        wantMenu={h.wantMenu}
        menuId={h.menuId}
        searchId={h.searchId}
        menuButtonRef={h.menuButtonRef}
        searchButtonRef={h.searchButtonRef}
        title={shell.options.title}
        catalogSections={shell.catalogSections}
        firstPhone={contacts.phones[0]}
        counts={counts}
      />

      {/* Below 768 px the search field is always in the header, under the main row. */}
      <div className="px-3 pb-2 tablet:hidden">
        <SearchForm />
      </div>

      {/* Dims the page (and the header rows) under the open drawer; a click on it is an outside click. */}
      <div
        ref={h.backdropRef}
        aria-hidden="true"
        className={`fixed inset-0 z-10 bg-ink/30 duration-300 ${state === 'menu' ? 'visible opacity-100 transition-opacity' : 'invisible opacity-0 transition-[opacity,visibility]'}`}
      />

      {/* Search dropdown (768 px and up): its form is rendered from its first opening. */}
      <div
        ref={h.searchRef}
        id={h.searchId}
        inert={state !== 'search'}
        className={`absolute inset-x-0 top-full hidden border-b border-neutral-200 bg-white shadow-md duration-300 tablet:block ${state === 'search' ? shown : hidden}`}
      >
        <div className="mx-auto max-w-3xl px-4 py-4">
          {h.wanted.search && <SearchForm inputRef={h.searchInputRef} />}
        </div>
      </div>
      {SearchTrap && (
        <SearchTrap
          panel={h.searchRef}
          active={state === 'search'}
          input={h.searchInputRef}
          button={h.searchButtonRef}
        />
      )}

      {/* Not in the server's HTML: rendered (closed) from the burger's first hover, focus or press. */}
      {h.wanted.menu && (
        <Suspense fallback={null}>
          <HeaderDrawer
            open={state === 'menu'}
            menuRef={h.menuRef}
            menuId={h.menuId}
            shell={shell}
            city={shell.userCity.name}
            contacts={contacts}
            close={() => setState('closed')}
            openCitySelect={openCitySelect}
            returnTo={h.menuButtonRef}
          />
        </Suspense>
      )}
    </header>
  )
}
