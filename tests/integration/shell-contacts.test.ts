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
      expect(header).toEqual(resolveContacts(all, shell.userCity.id))
      shown.add(JSON.stringify(header))
    }
    // The seeded cities do not all share one record: the choice is really made per city.
    expect(shown.size).toBeGreaterThan(1)
  })
})
