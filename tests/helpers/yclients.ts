import type { FakeYclientsCompany } from '../fakes/yclients'

/** Ids of the local YCLIENTS (tests/fakes/yclients.ts) the booking tests share. */
export const YC_SERVICE = 9_001
export const ANNA = 101
export const OLGA = 102

/**
 * A YCLIENTS company with one service (an hour, 3 500 ₽) and two masters who do it, open
 * `opens`–`closes` of its own offset on a one-hour grid.
 */
export function yclientsCompany(id: number, offset: string, opens = '10:00', closes = '14:00'): FakeYclientsCompany {
  return {
    id,
    offset,
    opens,
    closes,
    stepMinutes: 60,
    services: [{ id: YC_SERVICE, title: 'Окрашивание', price_min: 3500, price_max: 3500, seance_length: 3600 }],
    staff: [
      {
        id: ANNA,
        name: 'Анна',
        specialization: 'Колорист',
        position: { id: 1, title: 'Стилист-колорист' },
        avatar: 'https://yclients.example/anna.png',
        services: [YC_SERVICE],
      },
      {
        id: OLGA,
        name: 'Ольга',
        specialization: 'Парикмахер',
        position: { id: 2, title: 'Парикмахер' },
        avatar: '',
        services: [YC_SERVICE],
      },
    ],
  }
}
