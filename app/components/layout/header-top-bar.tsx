import { LINK_ENTITIES } from '../../../server/contracts/links'
import type { ResolvedContacts } from '../../../server/contracts/contacts'
import { useT } from '../../lib/i18n'
import { AppLink } from '../ui/app-link'
import { CityButton, Phones, SocialLinks } from './header-contacts'

/** The header's utility row: city, social, phones, order link (from 1024 px; in the menu below). */
export function HeaderTopBar({
  city,
  contacts,
  openCitySelect,
}: {
  city: string
  contacts: ResolvedContacts
  openCitySelect: () => void
}) {
  const t = useT()
  return (
    <div className="relative hidden border-b border-neutral-100 bg-white tablet-l:block">
      <div className="mx-auto flex max-w-[1600px] items-center gap-6 px-4 py-2 text-sm">
        <CityButton name={city} onClick={openCitySelect} />
        <SocialLinks social={contacts.social} />
        <div className="ml-auto flex items-center gap-5">
          <Phones phones={contacts.phones} className="flex items-center gap-4" />
          <AppLink to={LINK_ENTITIES.cart} className="font-medium text-brand-700 hover:underline">
            {t('header.order')}
          </AppLink>
        </div>
      </div>
    </div>
  )
}
