import { pickupPoints } from './commerce'

/**
 * The built-in schedule of the demo (BOOKING_PROVIDER=local, issue 26): 3–5 masters per salon
 * (a salon is a pickup point), the service sections each position does, and weekly hours in the
 * salon's local time. Ids are fixed (salon × 10 + n) so the seed upserts and visits keep their master.
 */

export interface SeedMasterPosition {
  position: string
  positionEn: string
  /** Service sections (seed/data/services.ts) whose online-bookable services the master does. */
  sections: string[]
}

const STYLIST: SeedMasterPosition = {
  position: 'Стилист-парикмахер',
  positionEn: 'Hair stylist',
  sections: ['haircuts', 'styling', 'care'],
}
const COLOURIST: SeedMasterPosition = { position: 'Колорист', positionEn: 'Colourist', sections: ['coloring', 'care'] }
const TOP: SeedMasterPosition = {
  position: 'Топ-стилист',
  positionEn: 'Top stylist',
  sections: ['haircuts', 'coloring', 'styling', 'treatment'],
}
const CARE: SeedMasterPosition = {
  position: 'Мастер по уходу',
  positionEn: 'Hair care specialist',
  sections: ['care', 'treatment', 'styling'],
}

/** Weekly hours: weekday (1 = Monday … 7 = Sunday) → [from, to] in minutes of the local day. */
type Week = Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, [number, number]>>
const h = (hour: number) => hour * 60
const days = (list: (1 | 2 | 3 | 4 | 5 | 6 | 7)[], from: number, to: number): Week =>
  Object.fromEntries(list.map((d) => [d, [h(from), h(to)]]))

const WEEKS: Week[] = [
  days([1, 2, 3, 4, 5], 10, 19),
  days([2, 3, 4, 5, 6], 11, 20),
  days([3, 4, 5, 6, 7], 10, 18),
  days([1, 3, 5, 6], 12, 21),
  days([1, 2, 4, 6, 7], 10, 20),
]

const NAMES: [string, string][] = [
  ['Анна Соколова', 'Anna Sokolova'],
  ['Мария Кузнецова', 'Maria Kuznetsova'],
  ['Елена Попова', 'Elena Popova'],
  ['Ольга Лебедева', 'Olga Lebedeva'],
  ['Дарья Новикова', 'Darya Novikova'],
  ['Ирина Морозова', 'Irina Morozova'],
  ['Светлана Волкова', 'Svetlana Volkova'],
  ['Наталья Павлова', 'Natalya Pavlova'],
  ['Юлия Семёнова', 'Yulia Semyonova'],
  ['Алексей Голубев', 'Alexey Golubev'],
  ['Виктория Виноградова', 'Victoria Vinogradova'],
  ['Татьяна Богданова', 'Tatyana Bogdanova'],
  ['Ксения Воробьёва', 'Ksenia Vorobyova'],
  ['Марина Фёдорова', 'Marina Fyodorova'],
  ['Дмитрий Михайлов', 'Dmitry Mikhailov'],
  ['Полина Белова', 'Polina Belova'],
  ['Алина Тарасова', 'Alina Tarasova'],
  ['Екатерина Белоусова', 'Ekaterina Belousova'],
  ['Вероника Комарова', 'Veronika Komarova'],
  ['Анастасия Орлова', 'Anastasia Orlova'],
  ['Кристина Киселёва', 'Kristina Kiselyova'],
  ['Софья Макарова', 'Sofya Makarova'],
  ['Людмила Андреева', 'Lyudmila Andreeva'],
  ['Максим Ковалёв', 'Maxim Kovalyov'],
  ['Валерия Ильина', 'Valeria Ilyina'],
  ['Евгения Гусева', 'Evgenia Guseva'],
  ['Диана Титова', 'Diana Titova'],
  ['Алёна Кудрявцева', 'Alyona Kudryavtseva'],
  ['Василиса Баранова', 'Vasilisa Baranova'],
  ['Милана Куликова', 'Milana Kulikova'],
  ['Артём Алексеев', 'Artyom Alekseev'],
  ['Регина Степанова', 'Regina Stepanova'],
  ['Камила Яковлева', 'Kamila Yakovleva'],
  ['Оксана Сорокина', 'Oksana Sorokina'],
  ['Лилия Сергеева', 'Lilia Sergeeva'],
  ['Яна Романова', 'Yana Romanova'],
  ['Элина Захарова', 'Elina Zakharova'],
  ['Галина Борисова', 'Galina Borisova'],
  ['Инна Королёва', 'Inna Korolyova'],
  ['Жанна Герасимова', 'Zhanna Gerasimova'],
  ['Карина Пономарёва', 'Karina Ponomaryova'],
  ['Нина Григорьева', 'Nina Grigoryeva'],
  ['Вера Лазарева', 'Vera Lazareva'],
  ['Лариса Медведева', 'Larisa Medvedeva'],
  ['Роман Ершов', 'Roman Ershov'],
]

const POSITIONS = [TOP, STYLIST, COLOURIST, CARE, STYLIST]

export interface SeedMaster {
  id: number
  salonId: number
  name: string
  nameEn: string
  position: string
  positionEn: string
  sections: string[]
  week: Week
  sort: number
}

/** Salons closed on Sundays (their workhours say so): no master works then. */
const closedSunday = (salonId: number) =>
  /Вс — выходной/.test(pickupPoints.find((p) => p.id === salonId)?.workhours ?? '')

export const masters: SeedMaster[] = pickupPoints.flatMap((salon, s) => {
  const count = 3 + (salon.id % 3)
  return Array.from({ length: count }, (_, n) => {
    const [name, nameEn] = NAMES[(s * 5 + n) % NAMES.length]!
    const pos = POSITIONS[n]!
    const week = { ...WEEKS[(s + n) % WEEKS.length]! }
    if (closedSunday(salon.id)) delete week[7]
    return {
      id: salon.id * 10 + n + 1,
      salonId: salon.id,
      name,
      nameEn,
      position: pos.position,
      positionEn: pos.positionEn,
      sections: pos.sections,
      week,
      sort: n,
    }
  })
})
