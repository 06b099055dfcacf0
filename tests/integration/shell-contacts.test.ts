import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { resolveContacts } from '../../server/contracts/contacts'

describe('the shell answer every page hydrates from carries the contacts of the shopper city only', () => {
  it('for each city (and before one is chosen): one record, and the header shows what the full list gives for that city', async () => {
    const cities = (await visitor().get('/api/site-cities/')).body as { id: number }[]
    expect(cities.length).toBeGreaterThan(1)
    const all = await visitor().trpc().caller.site.contacts()
    expect(all.length).toBeGreaterThan(1)
    const shown = new Set<string>()
    for (const cityId of [null, ...cities.map((c) => c.id)]) {
      const shopper = visitor()
      if (cityId !== null) expect((await shopper.post('/api/user-city/', { id: cityId })).status).toBe(200)
      const shell = await shopper.trpc().caller.site.shell()
      if (cityId !== null) expect(shell.userCity.id).toBe(cityId)
      expect(shell.contacts).toHaveLength(1)
      const header = resolveContacts(shell.contacts, shell.userCity.id)
      const unlabelled = { ...header, social: header.social.map(({ type, link }) => ({ type, link })) }
      expect(unlabelled).toEqual(resolveContacts(all, shell.userCity.id))
      shown.add(JSON.stringify(header))
    }
    // The seeded cities do not all share one record: the choice is really made per city.
    expect(shown.size).toBeGreaterThan(1)
  })
})

describe("the shell's social links carry their network's name for the link's accessible name", () => {
  it('in Russian and in English; the REST contacts keep the contract shape {type, link}', async () => {
    const ru = await visitor().trpc().caller.site.shell()
    const en = await visitor({ locale: 'en' }).trpc().caller.site.shell()
    const social = ru.contacts[0]!.social
    expect(social.length).toBeGreaterThan(0)
    for (const s of social) expect(s.label).toMatch(/\p{L}{2,}/u)
    const vk = { ru: social.find((s) => s.type === 'vk'), en: en.contacts[0]!.social.find((s) => s.type === 'vk') }
    expect([vk.ru?.label, vk.en?.label]).toEqual(['ВКонтакте', 'VK'])
    const rest = (await visitor().get('/api/site-contacts/')).body as { social: object[] }[]
    for (const r of rest) for (const s of r.social) expect(Object.keys(s).sort()).toEqual(['link', 'type'])
  })
})
