import type { Ctx } from '../context'
import type { CityRef, SetCityInput } from '../contracts/site'
import { unprocessable } from '../errors'
import { t } from '../contracts/i18n'
import { listCities } from './site'
import { searchCities } from '../contracts/city-search'

const EARTH_RADIUS_KM = 6371

/** Great-circle distance (haversine), kilometres. */
export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180
  const dLat = (bLat - aLat) * rad
  const dLon = (bLon - aLon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

export async function nearestCity(ctx: Ctx, latitude: number, longitude: number) {
  let best: Awaited<ReturnType<typeof listCities>>[number] | undefined
  let bestDistance = Infinity
  for (const c of await listCities(ctx)) {
    const d = distanceKm(latitude, longitude, c.latitude, c.longitude)
    if (d < bestDistance) {
      best = c
      bestDistance = d
    }
  }
  return best
}

/** By id: the visitor chose it (confirmed). By coordinates: our guess (not confirmed). */
export async function setUserCity(
  ctx: Ctx,
  input: SetCityInput,
): Promise<{ success: true; message: string; city: CityRef }> {
  if ('id' in input) {
    const city = (await listCities(ctx)).find((c) => c.id === input.id)
    if (!city) throw unprocessable('city.unknown', undefined, { errors: { id: 'city.unknown' } })
    await ctx.session.update({ cityId: city.id, cityConfirmed: true })
    return {
      success: true,
      message: t(ctx.locale, 'city.saved'),
      city: { id: city.id, name: city.name, isConfirmed: true },
    }
  }
  const city = await nearestCity(ctx, input.latitude, input.longitude)
  if (!city) throw unprocessable('city.unknown')
  await ctx.session.update({ cityId: city.id, cityConfirmed: false })
  return {
    success: true,
    message: t(ctx.locale, 'city.saved'),
    city: { id: city.id, name: city.name, isConfirmed: false },
  }
}

/**
 * The site's cities that answer what a visitor typed in the city modal (issue 17): colloquial
 * names ("питер", "мск"), the wrong keyboard layout ("cfyrn"), the other alphabet. The rule is
 * ../contracts/city-search.ts, which the modal runs in the browser over the startup data.
 */
export async function findCities(ctx: Ctx, query: string) {
  return searchCities(await listCities(ctx), query)
}
