import { useLayoutEffect, useMemo, useState, type RefObject } from 'react'
import { LINK_ENTITIES } from '../../../server/contracts/links'
import type { ResolvedContacts } from '../../../server/contracts/contacts'
import { useT } from '../../lib/i18n'
import { AppLink } from '../ui/app-link'
import { IconClose } from './icons'
import { MenuTree, PanelSection, menuItems } from './menu-panel'
import { CityButton, Phones, SocialLinks } from './header-contacts'
import { iconButton } from './header-main-row'
import type { ShellData } from './shell-data'
import { useFocusTrap } from './use-focus-trap'

/** The burger menu is a drawer sliding in from the left over the whole height of the screen. */
const drawerShown = 'visible translate-x-0 transition-transform'
const drawerHidden = 'invisible -translate-x-full transition-[transform,visibility]'

/**
 * The burger menu: a drawer with its one close button, the navigation tree and, below 1024 px,
 * the city, phones, social links and the order link. Its code is loaded and it is rendered only
 * once the burger is first hovered, focused or pressed (header.tsx): the server never renders it.
 * While open it traps focus, and gives it back to the burger when it closes.
 */
export function HeaderDrawer({
  open: wanted,
  menuRef,
  menuId,
  shell,
  city,
  contacts,
  close,
  openCitySelect,
  returnTo,
}: {
  open: boolean
  menuRef: RefObject<HTMLDivElement | null>
  menuId: string
  shell: Pick<ShellData, 'navHeader' | 'catalogSections' | 'servicesSections'>
  city: string
  contacts: ResolvedContacts
  close: () => void
  openCitySelect: () => void
  returnTo: RefObject<HTMLButtonElement | null>
}) {
  const t = useT()
  const items = useMemo(() => menuItems(shell, t('header.catalog')), [shell, t])
  // Mounted already open (pressed before its code had come): it is laid out closed first, so it slides in.
  const [entered, setEntered] = useState(false)
  useLayoutEffect(() => {
    void menuRef.current?.offsetWidth
    setEntered(true)
  }, [menuRef])
  const open = wanted && entered
  useFocusTrap(menuRef, open, { returnTo })
  return (
    <div
      ref={menuRef}
      id={menuId}
      inert={!open}
      className={`fixed inset-y-0 left-0 z-20 w-[calc(100%-3.5rem)] max-w-sm overflow-y-auto overscroll-contain bg-white shadow-xl duration-300 tablet:w-[400px] tablet:max-w-none ${open ? drawerShown : drawerHidden}`}
    >
      {/* The drawer's one close button (it covers the burger button). */}
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-neutral-100 bg-white px-4 py-2">
        <span className="text-sm font-semibold text-neutral-500">{t('header.menu')}</span>
        <button type="button" className={iconButton} aria-label={t('header.menuClose')} onClick={() => close()}>
          <IconClose />
        </button>
      </div>
      <MenuTree items={items} open={open} label={t('header.nav')} />
      <div className="tablet-l:hidden">
        <PanelSection title={t('header.city')}>
          <CityButton
            name={city}
            onClick={() => {
              close()
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
  )
}
