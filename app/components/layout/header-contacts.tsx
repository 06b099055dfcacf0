import { phoneHref, type ResolvedContacts } from '../../../server/contracts/contacts'
import { useT } from '../../lib/i18n'
import { IconPin, SocialBadge } from './icons'

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
            <span className="sr-only">{s.label ?? s.type}</span>
            <SocialBadge type={s.type} />
          </a>
        </li>
      ))}
    </ul>
  )
}
