import type { SeedBrand, SeedProduct, SeedProductOption, SeedSection } from './types'

export const HAIR_TYPES = [
  { code: 'normal', label: 'Нормальные', labelEn: 'Normal' },
  { code: 'dry', label: 'Сухие', labelEn: 'Dry' },
  { code: 'oily', label: 'Жирные', labelEn: 'Oily' },
  { code: 'colored', label: 'Окрашенные', labelEn: 'Color-treated' },
  { code: 'curly', label: 'Вьющиеся', labelEn: 'Curly' },
  { code: 'thin', label: 'Тонкие', labelEn: 'Fine' },
  { code: 'damaged', label: 'Повреждённые', labelEn: 'Damaged' },
]

export const PURPOSES = [
  { code: 'volume', label: 'Объём', labelEn: 'Volume' },
  { code: 'hydration', label: 'Увлажнение', labelEn: 'Hydration' },
  { code: 'repair', label: 'Восстановление', labelEn: 'Repair' },
  { code: 'color-protection', label: 'Защита цвета', labelEn: 'Color protection' },
  { code: 'anti-dandruff', label: 'Против перхоти', labelEn: 'Anti-dandruff' },
  { code: 'smoothing', label: 'Гладкость', labelEn: 'Smoothing' },
  { code: 'growth', label: 'Рост и укрепление', labelEn: 'Growth' },
]

export const sections: SeedSection[] = [
  {
    slug: 'shampoo',
    title: 'Шампуни',
    titleEn: 'Shampoos',
    description:
      'Профессиональные шампуни для любого типа волос и кожи головы: для окрашенных и светлых волос, для объёма, увлажнения, восстановления и против перхоти.',
    descriptionEn:
      'Professional shampoos for every hair and scalp type: for color-treated and blonde hair, for volume, hydration, repair and against dandruff.',
    sort: 10,
  },
  {
    slug: 'conditioner',
    title: 'Кондиционеры и бальзамы',
    titleEn: 'Conditioners',
    description:
      'Кондиционеры и бальзамы завершают мытьё: облегчают расчёсывание, разглаживают кутикулу и продлевают эффект шампуня.',
    descriptionEn:
      'Conditioners and balms finish the wash: they make combing easier, smooth the cuticle and prolong the effect of the shampoo.',
    sort: 20,
  },
  {
    slug: 'masks',
    title: 'Маски',
    titleEn: 'Masks',
    description:
      'Интенсивные маски для еженедельного ухода: глубокое увлажнение, питание сухих кончиков и восстановление волос после окрашивания.',
    descriptionEn:
      'Intensive masks for weekly care: deep hydration, nourishment for dry ends and repair of hair after coloring.',
    sort: 30,
  },
  {
    slug: 'oils',
    title: 'Масла и эликсиры',
    titleEn: 'Oils & elixirs',
    description:
      'Несмываемые масла и эликсиры придают волосам блеск, защищают кончики от сечения и помогают справиться с пушистостью.',
    descriptionEn: 'Leave-in oils and elixirs add shine to hair, protect the ends from splitting and help tame frizz.',
    sort: 40,
  },
  {
    slug: 'styling',
    title: 'Укладка',
    titleEn: 'Styling',
    description:
      'Муссы, спреи, лаки, кремы и пасты для укладки, а также термозащита для работы с феном, утюжком и плойкой.',
    descriptionEn:
      'Mousses, sprays, hairsprays, creams and pastes for styling, plus heat protection for blow-dryers, flat irons and curling irons.',
    sort: 50,
  },
  {
    slug: 'coloring',
    title: 'Окрашивание',
    titleEn: 'Coloring',
    description:
      'Стойкие и безаммиачные красители, тонеры, окисляющие эмульсии и осветляющие пудры для салона и опытных мастеров.',
    descriptionEn:
      'Permanent and ammonia-free colors, toners, developers and lightening powders for salons and experienced stylists.',
    sort: 60,
  },
  {
    slug: 'treatment',
    title: 'Лечение и сыворотки',
    titleEn: 'Treatments & serums',
    description:
      'Сыворотки, концентраты и лосьоны для кожи головы и волос: против выпадения, для роста и восстановления внутренней структуры.',
    descriptionEn:
      'Serums, concentrates and lotions for the scalp and hair: against hair loss, for growth and for repairing the inner structure.',
    sort: 70,
  },
  {
    slug: 'accessories',
    title: 'Аксессуары',
    titleEn: 'Accessories',
    description:
      'Распылители, чаши и шейкеры для окрашивания, дорожные флаконы и другие полезные мелочи для дома и салона.',
    descriptionEn:
      'Spray bottles, tinting bowls and color shakers, travel bottles and other useful little things for home and salon.',
    sort: 80,
  },
]

export const brands: SeedBrand[] = [
  { slug: 'kerastase', name: 'Kérastase', nameRu: 'Керастаз', country: 'Франция', countryEn: 'France' },
  {
    slug: 'loreal-professionnel',
    name: "L'Oréal Professionnel",
    nameRu: 'Лореаль Профессионель',
    country: 'Франция',
    countryEn: 'France',
  },
  { slug: 'redken', name: 'Redken', nameRu: 'Редкен', country: 'США', countryEn: 'USA' },
  {
    slug: 'wella-professionals',
    name: 'Wella Professionals',
    nameRu: 'Велла Профешнл',
    country: 'Германия',
    countryEn: 'Germany',
  },
  {
    slug: 'schwarzkopf-professional',
    name: 'Schwarzkopf Professional',
    nameRu: 'Шварцкопф Профешнл',
    country: 'Германия',
    countryEn: 'Germany',
  },
  { slug: 'matrix', name: 'Matrix', nameRu: 'Матрикс', country: 'США', countryEn: 'USA' },
  { slug: 'davines', name: 'Davines', nameRu: 'Давинес', country: 'Италия', countryEn: 'Italy' },
  { slug: 'moroccanoil', name: 'Moroccanoil', nameRu: 'Мороканойл', country: 'Израиль', countryEn: 'Israel' },
  { slug: 'olaplex', name: 'Olaplex', nameRu: 'Олаплекс', country: 'США', countryEn: 'USA' },
  { slug: 'estel', name: 'Estel', nameRu: 'Эстель', country: 'Россия', countryEn: 'Russia' },
  { slug: 'kapous', name: 'Kapous', nameRu: 'Капус', country: 'Россия', countryEn: 'Russia' },
  { slug: 'ollin', name: 'Ollin Professional', nameRu: 'Оллин', country: 'Россия', countryEn: 'Russia' },
]

// ---------------------------------------------------------------------------
// Product generator. Everything below is deterministic: the same seed always
// yields the same 150 products, so `npm run seed` is idempotent.
// ---------------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function at<T>(list: readonly T[], index: number): T {
  const value = list[index]
  if (value === undefined) throw new Error(`seed/catalog: index ${index} out of range`)
  return value
}

function shuffled(count: number, rnd: () => number): number[] {
  const list = Array.from({ length: count }, (_, i) => i)
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    const tmp = at(list, i)
    list[i] = at(list, j)
    list[j] = tmp
  }
  return list
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const round10 = (value: number): number => Math.round(value / 10) * 10

interface BrandInfo {
  code: string // SKU prefix
  tier: number // price of a 250 ml shampoo, roubles
  inName: boolean // put the Latin brand name into the product name
  note: string // one sentence about the brand
}

const BRAND_INFO: Record<string, BrandInfo> = {
  kerastase: {
    code: 'KER',
    tier: 3900,
    inName: false,
    note: 'Kérastase — люксовая марка профессионального ухода, основанная в Париже в 1964 году.',
  },
  'loreal-professionnel': {
    code: 'LOP',
    tier: 1900,
    inName: false,
    note: 'Формула разработана лабораториями L’Oréal Professionnel для салонного и домашнего ухода.',
  },
  redken: {
    code: 'RED',
    tier: 2300,
    inName: true,
    note: 'Redken — американская марка, которая с 1960 года делает ставку на научный подход к уходу за волосами.',
  },
  'wella-professionals': {
    code: 'WEL',
    tier: 1600,
    inName: false,
    note: 'Wella Professionals — один из старейших брендов салонной косметики, основанный в Германии в 1880 году.',
  },
  'schwarzkopf-professional': {
    code: 'SCH',
    tier: 1500,
    inName: false,
    note: 'Средство профессиональной линии Schwarzkopf Professional, которой доверяют парикмахеры по всему миру.',
  },
  matrix: {
    code: 'MTX',
    tier: 1500,
    inName: true,
    note: 'Matrix — американская профессиональная марка, созданная для работы стилистов в салоне.',
  },
  davines: {
    code: 'DAV',
    tier: 3000,
    inName: false,
    note: 'Итальянская марка Davines из Пармы делает средства с учётом принципов устойчивого развития.',
  },
  moroccanoil: {
    code: 'MOR',
    tier: 3300,
    inName: true,
    note: 'В основе формул Moroccanoil — аргановое масло, богатое антиоксидантами и жирными кислотами.',
  },
  olaplex: {
    code: 'OLA',
    tier: 3600,
    inName: true,
    note: 'Запатентованная технология Olaplex восстанавливает разрушенные дисульфидные связи волоса.',
  },
  estel: {
    code: 'EST',
    tier: 720,
    inName: true,
    note: 'Estel — российский производитель профессиональной косметики из Санкт-Петербурга.',
  },
  kapous: {
    code: 'KAP',
    tier: 450,
    inName: true,
    note: 'Kapous Professional — доступная профессиональная косметика для салонов и домашнего ухода.',
  },
  ollin: {
    code: 'OLN',
    tier: 520,
    inName: true,
    note: 'Ollin Professional — российская марка салонной косметики с широкой палитрой уходовых линий.',
  },
}

type Gender = 'm' | 'f' | 'n'

interface Kind {
  ru: string
  en: string
  slug: string
  gender: Gender
  volumes: number[] // ascending, ml or g
  ref: number // reference volume for `mult`
  mult: number // price of `ref` relative to the brand tier
  lead: string
  usage: string
  hairTypes?: string[] // defaults when the focus has none
  purposes?: string[]
}

const SHAMPOO_USE = 'Нанесите на влажные волосы, вспеньте массажными движениями и тщательно смойте тёплой водой.'
const RINSE_USE = 'Распределите по длине после шампуня, оставьте на 1–2 минуты и смойте.'
const LEAVE_USE = 'Нанесите на чистые влажные волосы по длине и кончикам, не смывайте.'
const SPRAY_USE = 'Распылите на волосы с расстояния 20–30 см и приступайте к укладке.'
const PALM_USE = 'Разотрите небольшое количество в ладонях и распределите по прядям.'
const SCALP_USE = 'Наносите на кожу головы по проборам и помассируйте; рекомендуемый курс — не менее 6 недель.'

const KINDS: Record<string, Kind> = {
  shampoo: {
    ru: 'Шампунь',
    en: 'Shampoo',
    slug: 'shampoo',
    gender: 'm',
    volumes: [250, 500, 1000],
    ref: 250,
    mult: 1,
    lead: 'Мягко очищает волосы и кожу головы, не нарушая их естественный защитный барьер.',
    usage: SHAMPOO_USE,
  },
  dryShampoo: {
    hairTypes: ['oily', 'thin'],
    purposes: ['volume'],
    ru: 'Сухой шампунь',
    en: 'Dry Shampoo',
    slug: 'dry-shampoo',
    gender: 'm',
    volumes: [50, 178],
    ref: 178,
    mult: 0.95,
    lead: 'Освежает волосы между мытьём: впитывает излишки себума и придаёт прикорневой объём без белого налёта.',
    usage: 'Встряхните флакон, распылите на корни с расстояния 20 см и распределите пальцами.',
  },
  conditioner: {
    ru: 'Кондиционер',
    en: 'Conditioner',
    slug: 'conditioner',
    gender: 'm',
    volumes: [200, 500, 1000],
    ref: 200,
    mult: 1.05,
    lead: 'Облегчает расчёсывание, запечатывает кутикулу и делает волосы послушными.',
    usage: RINSE_USE,
  },
  balm: {
    ru: 'Бальзам',
    en: 'Balm',
    slug: 'balm',
    gender: 'm',
    volumes: [200, 400, 1000],
    ref: 200,
    mult: 0.95,
    lead: 'Выравнивает поверхность волоса, облегчает расчёсывание и придаёт прядям мягкость.',
    usage: RINSE_USE,
  },
  mask: {
    ru: 'Маска',
    en: 'Mask',
    slug: 'mask',
    gender: 'f',
    volumes: [200, 500],
    ref: 200,
    mult: 1.35,
    lead: 'Интенсивный уход с насыщенной текстурой для применения один-два раза в неделю.',
    usage: 'Нанесите на вымытые влажные волосы на 5–10 минут, затем смойте тёплой водой.',
  },
  oil: {
    ru: 'Масло',
    en: 'Oil',
    slug: 'oil',
    gender: 'n',
    volumes: [50, 100, 200],
    ref: 100,
    mult: 1.5,
    lead: 'Невесомое масло быстро впитывается, придаёт блеск и не утяжеляет волосы.',
    usage: 'Распределите 1–2 капли по влажным или сухим волосам, избегая корней.',
  },
  elixir: {
    ru: 'Масло-эликсир',
    en: 'Oil Elixir',
    slug: 'oil-elixir',
    gender: 'n',
    volumes: [30, 100],
    ref: 100,
    mult: 1.5,
    lead: 'Смесь драгоценных масел питает волосы по всей длине и подчёркивает их естественный блеск.',
    usage: 'Нанесите 2–3 капли на влажные волосы перед сушкой или на сухие для завершения укладки.',
  },
  shineElixir: {
    ru: 'Эликсир',
    en: 'Elixir',
    slug: 'elixir',
    gender: 'm',
    volumes: [50, 100],
    ref: 100,
    mult: 1.1,
    lead: 'Лёгкий эликсир на основе масел запечатывает кончики и делает волосы гладкими.',
    usage: 'Распределите небольшое количество по сухим или влажным волосам, не смывайте.',
  },
  spray: {
    ru: 'Спрей',
    en: 'Spray',
    slug: 'spray',
    gender: 'm',
    volumes: [150, 250],
    ref: 150,
    mult: 0.95,
    lead: 'Лёгкий спрей помогает создать укладку и сохраняет её форму в течение дня.',
    usage: SPRAY_USE,
  },
  saltSpray: {
    hairTypes: ['normal', 'thin', 'curly'],
    purposes: ['volume'],
    ru: 'Солевой спрей',
    en: 'Sea Salt Spray',
    slug: 'sea-salt-spray',
    gender: 'm',
    volumes: [100, 250],
    ref: 250,
    mult: 0.9,
    lead: 'Спрей с морской солью создаёт небрежную пляжную текстуру и лёгкий объём.',
    usage: 'Распылите на влажные волосы, сожмите пряди руками и высушите феном с диффузором или естественным путём.',
  },
  heatSpray: {
    hairTypes: ['normal', 'damaged', 'colored'],
    purposes: ['smoothing'],
    ru: 'Термозащитный спрей',
    en: 'Heat Protection Spray',
    slug: 'heat-protection-spray',
    gender: 'm',
    volumes: [150, 250],
    ref: 150,
    mult: 1,
    lead: 'Защищает волосы от перегрева при сушке феном и укладке утюжком или плойкой.',
    usage: SPRAY_USE,
  },
  mousse: {
    ru: 'Мусс',
    en: 'Mousse',
    slug: 'mousse',
    gender: 'm',
    volumes: [200, 500],
    ref: 200,
    mult: 0.95,
    lead: 'Воздушный мусс фиксирует форму и не склеивает пряди.',
    usage: 'Нанесите порцию размером с мандарин на корни влажных волос и высушите феном.',
  },
  hairspray: {
    ru: 'Лак для волос',
    en: 'Hairspray',
    slug: 'hairspray',
    gender: 'm',
    volumes: [300, 500],
    ref: 300,
    mult: 0.9,
    lead: 'Надёжно удерживает причёску, не утяжеляет волосы и легко удаляется расчёской.',
    usage: 'Распылите на готовую укладку с расстояния 25–30 см.',
  },
  cream: {
    ru: 'Крем',
    en: 'Cream',
    slug: 'cream',
    gender: 'm',
    volumes: [100, 150],
    ref: 100,
    mult: 1,
    lead: 'Крем с гибкой фиксацией подчёркивает форму стрижки и усмиряет выбившиеся волоски.',
    usage: PALM_USE,
  },
  leaveCream: {
    hairTypes: ['curly', 'dry', 'damaged'],
    purposes: ['smoothing', 'repair'],
    ru: 'Несмываемый крем',
    en: 'Leave-In Cream',
    slug: 'leave-in-cream',
    gender: 'm',
    volumes: [100, 250],
    ref: 100,
    mult: 1,
    lead: 'Разглаживает волосы, уменьшает пушистость и сокращает время сушки феном.',
    usage: LEAVE_USE,
  },
  paste: {
    ru: 'Паста',
    en: 'Paste',
    slug: 'paste',
    gender: 'f',
    volumes: [75, 100],
    ref: 75,
    mult: 0.85,
    lead: 'Пластичная паста средней фиксации для коротких и средних стрижек.',
    usage: PALM_USE,
  },
  gel: {
    ru: 'Гель',
    en: 'Gel',
    slug: 'gel',
    gender: 'm',
    volumes: [150, 250],
    ref: 150,
    mult: 0.7,
    lead: 'Прозрачный гель фиксирует укладку и позволяет создать эффект мокрых волос.',
    usage: PALM_USE,
  },
  color: {
    ru: 'Стойкая крем-краска',
    en: 'Permanent Color',
    slug: 'permanent-color',
    gender: 'f',
    volumes: [60, 100],
    ref: 60,
    mult: 0.5,
    lead: 'Профессиональный краситель обеспечивает насыщенный стойкий цвет и плотное покрытие седины.',
    usage:
      'Смешивается с окисляющей эмульсией той же марки в пропорции, указанной в инструкции; для профессионального использования.',
  },
  semi: {
    ru: 'Безаммиачная краска',
    en: 'Ammonia-Free Color',
    slug: 'ammonia-free-color',
    gender: 'f',
    volumes: [50],
    ref: 50,
    mult: 0.5,
    lead: 'Кислотная безаммиачная формула деликатно окрашивает и тонирует волосы, сохраняя их мягкость.',
    usage: 'Смешивается с проявителем по инструкции производителя; время выдержки — до 20 минут.',
  },
  toner: {
    ru: 'Тонирующий краситель',
    en: 'Toner',
    slug: 'toner',
    gender: 'm',
    volumes: [60],
    ref: 60,
    mult: 0.55,
    lead: 'Тонирует и освежает цвет, нейтрализует нежелательные оттенки и добавляет волосам блеск.',
    usage: 'Наносится на вымытые подсушенные волосы после смешивания с проявителем; время выдержки — до 20 минут.',
  },
  oxide: {
    ru: 'Окисляющая эмульсия',
    en: 'Developer',
    slug: 'developer',
    gender: 'f',
    volumes: [60, 1000],
    ref: 1000,
    mult: 0.8,
    lead: 'Кремообразная эмульсия стабильной консистенции для точного результата окрашивания.',
    usage: 'Используется с красителями и осветляющими продуктами той же марки; концентрация 1,5–12 %.',
  },
  powder: {
    ru: 'Осветляющая пудра',
    en: 'Lightening Powder',
    slug: 'lightening-powder',
    gender: 'f',
    volumes: [30, 500],
    ref: 500,
    mult: 1.2,
    lead: 'Беспылевая пудра осветляет волосы до 7–9 уровней тона.',
    usage: 'Смешивается с окисляющей эмульсией в пропорции 1:2; подходит для открытых техник и фольги.',
  },
  serum: {
    ru: 'Сыворотка',
    en: 'Serum',
    slug: 'serum',
    gender: 'f',
    volumes: [30, 50, 90],
    ref: 50,
    mult: 1.5,
    lead: 'Концентрированная сыворотка с высоким содержанием активных компонентов для целевого ухода.',
    usage: SCALP_USE,
  },
  concentrate: {
    ru: 'Концентрат',
    en: 'Concentrate',
    slug: 'concentrate',
    gender: 'm',
    volumes: [50, 150],
    ref: 150,
    mult: 1.3,
    lead: 'Концентрат усиливает действие домашнего ухода и работает с внутренней структурой волоса.',
    usage: 'Нанесите на влажные волосы после шампуня на 5 минут, затем продолжите уход кондиционером.',
  },
  lotion: {
    ru: 'Лосьон',
    en: 'Lotion',
    slug: 'lotion',
    gender: 'm',
    volumes: [100, 150],
    ref: 100,
    mult: 1.2,
    lead: 'Лосьон для кожи головы с лёгкой нежирной текстурой не требует смывания.',
    usage: SCALP_USE,
  },
  activator: {
    hairTypes: ['thin', 'normal'],
    purposes: ['growth'],
    ru: 'Активатор роста волос',
    en: 'Hair Growth Activator',
    slug: 'growth-activator',
    gender: 'm',
    volumes: [100],
    ref: 100,
    mult: 1.3,
    lead: 'Питает волосяные луковицы, улучшает микроциркуляцию кожи головы и стимулирует рост новых волос.',
    usage: SCALP_USE,
  },
  intensive: {
    ru: 'Интенсивный уход',
    en: 'Intensive Treatment',
    slug: 'intensive-treatment',
    gender: 'm',
    volumes: [155],
    ref: 155,
    mult: 1,
    lead: 'Праймер подготавливает волосы к восстановлению и усиливает действие следующего этапа ухода.',
    usage: 'Распылите на сухие волосы, оставьте на 10 минут и, не смывая, нанесите следующий этап ухода.',
  },
  perfector: {
    hairTypes: ['damaged', 'colored', 'dry'],
    purposes: ['repair'],
    ru: 'Эликсир «Совершенство волос»',
    en: 'Hair Perfector',
    slug: 'hair-perfector',
    gender: 'm',
    volumes: [50, 100, 250],
    ref: 100,
    mult: 1,
    lead: 'Культовое средство восстанавливает волосы изнутри, делает их прочнее, мягче и блестящее.',
    usage: 'Нанесите на влажные волосы минимум на 10 минут перед мытьём, затем вымойте голову шампунем.',
  },
  sprayer: {
    ru: 'Распылитель для воды',
    en: 'Water Spray Bottle',
    slug: 'spray-bottle',
    gender: 'm',
    volumes: [250, 500],
    ref: 250,
    mult: 0.9,
    lead: 'Создаёт мелкодисперсное облако и равномерно увлажняет волосы во время стрижки и укладки.',
    usage: 'Подходит для воды, термальной воды и несмываемых спреев.',
  },
  bowl: {
    ru: 'Чаша для окрашивания',
    en: 'Tinting Bowl',
    slug: 'tinting-bowl',
    gender: 'f',
    volumes: [300],
    ref: 300,
    mult: 0.8,
    lead: 'Прочная чаша с мерной шкалой и нескользящим резиновым дном для замешивания красителя.',
    usage: 'Пластик устойчив к окислителям, легко моется и не впитывает пигменты.',
  },
  shaker: {
    ru: 'Шейкер для смешивания красителя',
    en: 'Color Mixing Shaker',
    slug: 'color-shaker',
    gender: 'm',
    volumes: [200],
    ref: 200,
    mult: 0.9,
    lead: 'Позволяет быстро и равномерно смешать краситель с окислителем без комочков.',
    usage: 'Плотно закрывающаяся крышка предотвращает протекание, мерная шкала нанесена на корпус.',
  },
  kit: {
    ru: 'Набор дорожных флаконов',
    en: 'Travel Bottle Set',
    slug: 'travel-bottle-set',
    gender: 'm',
    volumes: [100],
    ref: 100,
    mult: 1.4,
    lead: 'Четыре флакона по 100 мл для шампуня, кондиционера и средств для укладки в поездках.',
    usage: 'Объём флаконов соответствует требованиям авиакомпаний к жидкостям в ручной клади.',
  },
}

interface Focus {
  adj?: Record<Gender, string> // adjective placed after the noun
  phrase?: string // or a phrase placed after the noun
  en: string
  hairTypes: string[]
  purposes: string[]
  benefit: string
}

const FOCUSES: Record<string, Focus> = {
  none: { en: '', hairTypes: [], purposes: [], benefit: '' },
  color: {
    phrase: 'для окрашенных волос',
    en: 'Color Care',
    hairTypes: ['colored'],
    purposes: ['color-protection'],
    benefit: 'Помогает дольше сохранить яркость и глубину оттенка окрашенных волос.',
  },
  blond: {
    phrase: 'для светлых волос',
    en: 'Blonde',
    hairTypes: ['colored', 'damaged'],
    purposes: ['color-protection', 'repair'],
    benefit: 'Нейтрализует нежелательную желтизну и бережно ухаживает за осветлёнными прядями.',
  },
  repair: {
    adj: { m: 'восстанавливающий', f: 'восстанавливающая', n: 'восстанавливающее' },
    en: 'Repairing',
    hairTypes: ['damaged', 'dry'],
    purposes: ['repair'],
    benefit: 'Восстанавливает повреждённые участки волоса и уменьшает ломкость.',
  },
  hydra: {
    adj: { m: 'увлажняющий', f: 'увлажняющая', n: 'увлажняющее' },
    en: 'Hydrating',
    hairTypes: ['dry', 'normal'],
    purposes: ['hydration'],
    benefit: 'Глубоко увлажняет сухие волосы и возвращает им мягкость и эластичность.',
  },
  nutri: {
    adj: { m: 'питательный', f: 'питательная', n: 'питательное' },
    en: 'Nourishing',
    hairTypes: ['dry', 'damaged'],
    purposes: ['hydration', 'repair'],
    benefit: 'Питает очень сухие и истощённые волосы, делая их гладкими и блестящими.',
  },
  volume: {
    phrase: 'для объёма',
    en: 'Volumizing',
    hairTypes: ['thin', 'normal'],
    purposes: ['volume'],
    benefit: 'Придаёт тонким волосам плотность и заметный объём без утяжеления.',
  },
  rootVolume: {
    phrase: 'для прикорневого объёма',
    en: 'Root Lift',
    hairTypes: ['thin', 'normal'],
    purposes: ['volume'],
    benefit: 'Приподнимает волосы у корней и надолго сохраняет прикорневой объём.',
  },
  smooth: {
    adj: { m: 'разглаживающий', f: 'разглаживающая', n: 'разглаживающее' },
    en: 'Smoothing',
    hairTypes: ['curly', 'dry'],
    purposes: ['smoothing'],
    benefit: 'Разглаживает непослушные волосы и защищает их от пушистости во влажную погоду.',
  },
  antiFrizz: {
    phrase: 'против пушистости',
    en: 'Anti-Frizz',
    hairTypes: ['curly', 'dry'],
    purposes: ['smoothing', 'hydration'],
    benefit: 'Контролирует пушистость и защищает волосы от влажности до следующего мытья.',
  },
  curl: {
    phrase: 'для вьющихся волос',
    en: 'Curl',
    hairTypes: ['curly'],
    purposes: ['hydration', 'smoothing'],
    benefit: 'Подчёркивает естественную форму локонов, увлажняет их и уменьшает пушистость.',
  },
  scalp: {
    phrase: 'против перхоти',
    en: 'Anti-Dandruff',
    hairTypes: ['oily', 'normal'],
    purposes: ['anti-dandruff'],
    benefit: 'Устраняет перхоть, успокаивает зуд и нормализует баланс кожи головы.',
  },
  detox: {
    phrase: 'для глубокого очищения',
    en: 'Clarifying',
    hairTypes: ['oily', 'normal'],
    purposes: ['volume'],
    benefit: 'Удаляет остатки стайлинга, минералы жёсткой воды и излишки себума.',
  },
  growth: {
    phrase: 'против выпадения волос',
    en: 'Anti-Hair Loss',
    hairTypes: ['thin', 'normal'],
    purposes: ['growth'],
    benefit: 'Укрепляет волосы у корней, уменьшает выпадение и поддерживает рост новых волос.',
  },
  strength: {
    phrase: 'для укрепления длины',
    en: 'Strengthening',
    hairTypes: ['thin', 'damaged'],
    purposes: ['growth', 'repair'],
    benefit: 'Уплотняет истончённые кончики, уменьшает сечение и помогает отрастить длину.',
  },
  daily: {
    phrase: 'для ежедневного применения',
    en: 'Daily',
    hairTypes: ['normal', 'oily'],
    purposes: ['hydration'],
    benefit: 'Деликатная формула подходит для ежедневного мытья и не пересушивает кожу головы.',
  },
  bond: {
    phrase: 'для восстановления структуры волос',
    en: 'Bond Repair',
    hairTypes: ['damaged', 'colored'],
    purposes: ['repair'],
    benefit: 'Восстанавливает внутренние связи волоса, возвращая ему прочность и эластичность.',
  },
  keratin: {
    adj: { m: 'кератиновый', f: 'кератиновая', n: 'кератиновое' },
    en: 'Keratin',
    hairTypes: ['damaged', 'thin'],
    purposes: ['repair', 'smoothing'],
    benefit: 'Кератин заполняет повреждения в структуре волоса и делает пряди плотнее и глаже.',
  },
  allTypes: {
    phrase: 'для всех типов волос',
    en: 'All Hair Types',
    hairTypes: ['normal', 'dry', 'colored'],
    purposes: ['hydration', 'smoothing'],
    benefit: 'Подходит для всех типов волос, придаёт им мягкость и сияющий блеск.',
  },
  thin: {
    phrase: 'для тонких и светлых волос',
    en: 'Light',
    hairTypes: ['thin', 'colored'],
    purposes: ['smoothing'],
    benefit: 'Облегчённая формула ухаживает за тонкими и светлыми волосами, не утяжеляя их.',
  },
  shine: {
    phrase: 'для блеска волос',
    en: 'Shine',
    hairTypes: ['normal', 'dry'],
    purposes: ['smoothing'],
    benefit: 'Придаёт волосам зеркальный блеск и шелковистость без эффекта жирности.',
  },
  strong: {
    phrase: 'сильной фиксации',
    en: 'Strong Hold',
    hairTypes: ['normal', 'thin'],
    purposes: ['volume'],
    benefit: 'Обеспечивает сильную фиксацию на весь день даже во влажную погоду.',
  },
  texture: {
    adj: { m: 'текстурирующий', f: 'текстурирующая', n: 'текстурирующее' },
    en: 'Texturizing',
    hairTypes: ['normal', 'thin'],
    purposes: ['volume'],
    benefit: 'Создаёт подвижную текстуру, разделяет пряди и добавляет объём.',
  },
  matte: {
    adj: { m: 'матирующий', f: 'матирующая', n: 'матирующее' },
    en: 'Matte',
    hairTypes: ['normal', 'oily'],
    purposes: ['volume'],
    benefit: 'Даёт естественный матовый финиш и пластичную фиксацию, которую можно обновлять в течение дня.',
  },
}

// English texts of the description templates (issue 17): the same sentences, in English.
const BRAND_NOTE_EN: Record<string, string> = {
  kerastase: 'Kérastase is a luxury professional hair-care brand founded in Paris in 1964.',
  'loreal-professionnel':
    'The formula was developed by the L’Oréal Professionnel laboratories for salon and home care.',
  redken: 'Redken is an American brand that has relied on a scientific approach to hair care since 1960.',
  'wella-professionals': 'Wella Professionals is one of the oldest salon cosmetics brands, founded in Germany in 1880.',
  'schwarzkopf-professional':
    'A product of the Schwarzkopf Professional line, trusted by hairdressers all over the world.',
  matrix: 'Matrix is an American professional brand created for stylists’ work in the salon.',
  davines: 'Davines, an Italian brand from Parma, makes its products with sustainability in mind.',
  moroccanoil: 'Moroccanoil formulas are built on argan oil, rich in antioxidants and fatty acids.',
  olaplex: 'The patented Olaplex technology rebuilds broken disulfide bonds in the hair.',
  estel: 'Estel is a Russian maker of professional cosmetics from Saint Petersburg.',
  kapous: 'Kapous Professional is affordable professional cosmetics for salons and home care.',
  ollin: 'Ollin Professional is a Russian salon cosmetics brand with a wide range of care lines.',
}

const SHAMPOO_USE_EN = 'Apply to wet hair, lather with massaging movements and rinse thoroughly with warm water.'
const RINSE_USE_EN = 'Work through the lengths after shampooing, leave on for 1–2 minutes and rinse.'
const LEAVE_USE_EN = 'Apply to clean damp hair through the lengths and ends; do not rinse.'
const SPRAY_USE_EN = 'Spray onto hair from 20–30 cm away and start styling.'
const PALM_USE_EN = 'Warm a small amount between your palms and work it through the strands.'
const SCALP_USE_EN = 'Apply to the scalp section by section and massage in; the recommended course is at least 6 weeks.'

const KINDS_EN: Record<string, { lead: string; usage: string }> = {
  shampoo: {
    lead: 'Gently cleanses hair and scalp without disturbing their natural protective barrier.',
    usage: SHAMPOO_USE_EN,
  },
  dryShampoo: {
    lead: 'Refreshes hair between washes: absorbs excess sebum and adds root volume without a white cast.',
    usage: 'Shake the can, spray onto the roots from 20 cm away and work through with your fingers.',
  },
  conditioner: { lead: 'Makes combing easier, seals the cuticle and makes hair manageable.', usage: RINSE_USE_EN },
  balm: { lead: 'Smooths the hair surface, eases combing and leaves strands soft.', usage: RINSE_USE_EN },
  mask: {
    lead: 'Intensive care with a rich texture, to be used once or twice a week.',
    usage: 'Apply to washed damp hair for 5–10 minutes, then rinse with warm water.',
  },
  oil: {
    lead: 'A weightless oil that absorbs quickly, adds shine and does not weigh hair down.',
    usage: 'Work 1–2 drops through damp or dry hair, avoiding the roots.',
  },
  elixir: {
    lead: 'A blend of precious oils nourishes hair along its full length and brings out its natural shine.',
    usage: 'Apply 2–3 drops to damp hair before drying, or to dry hair to finish the style.',
  },
  shineElixir: {
    lead: 'A light oil-based elixir seals the ends and makes hair smooth.',
    usage: 'Work a small amount through dry or damp hair; do not rinse.',
  },
  spray: { lead: 'A light spray that helps create a style and keeps its shape all day.', usage: SPRAY_USE_EN },
  saltSpray: {
    lead: 'A sea salt spray for effortless beach texture and light volume.',
    usage: 'Spray onto damp hair, scrunch with your hands and dry with a diffuser or naturally.',
  },
  heatSpray: {
    lead: 'Protects hair from overheating when blow-drying and styling with a flat iron or curling iron.',
    usage: SPRAY_USE_EN,
  },
  mousse: {
    lead: 'An airy mousse that holds the shape without sticking strands together.',
    usage: 'Apply a tangerine-sized amount to the roots of damp hair and blow-dry.',
  },
  hairspray: {
    lead: 'Holds the style firmly, does not weigh hair down and brushes out easily.',
    usage: 'Spray onto the finished style from 25–30 cm away.',
  },
  cream: {
    lead: 'A flexible-hold cream that defines the haircut and tames flyaways.',
    usage: PALM_USE_EN,
  },
  leaveCream: { lead: 'Smooths hair, reduces frizz and shortens blow-drying time.', usage: LEAVE_USE_EN },
  paste: { lead: 'A pliable medium-hold paste for short and medium haircuts.', usage: PALM_USE_EN },
  gel: { lead: 'A clear gel that holds the style and lets you create a wet look.', usage: PALM_USE_EN },
  color: {
    lead: 'A professional color that gives rich, long-lasting results and full grey coverage.',
    usage: 'Mix with a developer of the same brand in the ratio given in the instructions; for professional use.',
  },
  semi: {
    lead: 'An acidic ammonia-free formula that gently colors and tones hair while keeping it soft.',
    usage: 'Mix with the developer as the manufacturer instructs; processing time up to 20 minutes.',
  },
  toner: {
    lead: 'Tones and refreshes color, neutralises unwanted tones and adds shine.',
    usage: 'Apply to washed towel-dried hair after mixing with the developer; processing time up to 20 minutes.',
  },
  oxide: {
    lead: 'A creamy developer of stable consistency for precise coloring results.',
    usage: 'Use with colors and lighteners of the same brand; strength 1.5–12 %.',
  },
  powder: {
    lead: 'A dust-free powder that lightens hair by up to 7–9 levels.',
    usage: 'Mix with a developer in a 1:2 ratio; suitable for open-air techniques and foils.',
  },
  serum: {
    lead: 'A concentrated serum rich in active ingredients for targeted care.',
    usage: SCALP_USE_EN,
  },
  concentrate: {
    lead: 'A concentrate that boosts home care and works on the inner structure of the hair.',
    usage: 'Apply to damp hair after shampooing for 5 minutes, then continue with a conditioner.',
  },
  lotion: { lead: 'A light, non-greasy scalp lotion that needs no rinsing.', usage: SCALP_USE_EN },
  activator: {
    lead: 'Nourishes hair follicles, improves scalp microcirculation and stimulates new growth.',
    usage: SCALP_USE_EN,
  },
  intensive: {
    lead: 'A primer that prepares hair for repair and boosts the next step of the treatment.',
    usage: 'Spray onto dry hair, leave on for 10 minutes and, without rinsing, apply the next step.',
  },
  perfector: {
    lead: 'The cult treatment repairs hair from within, making it stronger, softer and shinier.',
    usage: 'Apply to damp hair for at least 10 minutes before washing, then shampoo.',
  },
  sprayer: {
    lead: 'Creates a fine mist and moistens hair evenly while cutting and styling.',
    usage: 'Suitable for water, thermal water and leave-in sprays.',
  },
  bowl: {
    lead: 'A sturdy bowl with a measuring scale and a non-slip rubber base for mixing color.',
    usage: 'The plastic resists developers, washes easily and does not absorb pigments.',
  },
  shaker: {
    lead: 'Mixes color with developer quickly and evenly, without lumps.',
    usage: 'The tight lid prevents leaks; a measuring scale is printed on the body.',
  },
  kit: {
    lead: 'Four 100 ml bottles for shampoo, conditioner and styling products when travelling.',
    usage: 'The bottle size meets airline rules for liquids in hand luggage.',
  },
}

const FOCUS_BENEFIT_EN: Record<string, string> = {
  none: '',
  color: 'Helps color-treated hair keep its vibrancy and depth of tone for longer.',
  blond: 'Neutralises unwanted brassiness and gently cares for lightened strands.',
  repair: 'Repairs damaged areas of the hair and reduces breakage.',
  hydra: 'Deeply hydrates dry hair and restores its softness and elasticity.',
  nutri: 'Nourishes very dry and depleted hair, leaving it smooth and shiny.',
  volume: 'Gives fine hair density and visible volume without weighing it down.',
  rootVolume: 'Lifts hair at the roots and keeps root volume for a long time.',
  smooth: 'Smooths unruly hair and protects it from frizz in humid weather.',
  antiFrizz: 'Controls frizz and protects hair from humidity until the next wash.',
  curl: 'Defines the natural shape of curls, hydrates them and reduces frizz.',
  scalp: 'Eliminates dandruff, soothes itching and rebalances the scalp.',
  detox: 'Removes styling residue, hard-water minerals and excess sebum.',
  growth: 'Strengthens hair at the roots, reduces hair loss and supports new growth.',
  strength: 'Thickens thinned ends, reduces split ends and helps grow length.',
  daily: 'The gentle formula is suitable for daily washing and does not dry out the scalp.',
  bond: 'Rebuilds the inner bonds of the hair, restoring its strength and elasticity.',
  keratin: 'Keratin fills in damage in the hair structure and makes strands denser and smoother.',
  allTypes: 'Suitable for all hair types; leaves hair soft with a radiant shine.',
  thin: 'A lighter formula that cares for fine and light hair without weighing it down.',
  shine: 'Gives hair a mirror shine and silkiness without a greasy feel.',
  strong: 'Provides strong all-day hold, even in humid weather.',
  texture: 'Creates movable texture, separates strands and adds volume.',
  matte: 'Gives a natural matte finish and a pliable hold you can rework during the day.',
}

/**
 * The English name without a word the line already ends with: 'Vitamino Color' + 'Color Care'
 * gives one 'Color', 'Absolut Repair' + 'Repairing' one 'Repair' (same stem).
 */
function joinWithoutRepeat(parts: string[]): string {
  const words: string[] = []
  for (const part of parts.filter(Boolean)) {
    const next = part.split(' ')
    const last = words[words.length - 1]
    const stem = (w: string) => w.toLowerCase().slice(0, 5)
    if (last !== undefined && next[0] !== undefined && stem(next[0]) === stem(last)) next.shift()
    words.push(...next)
  }
  return words.join(' ')
}

// [brandSlug, sectionSlug, kind, focus, line]
type Spec = [string, string, string, string, string]

const SPECS: Spec[] = [
  // Kérastase
  ['kerastase', 'shampoo', 'shampoo', 'color', 'Chroma Absolu'],
  ['kerastase', 'conditioner', 'conditioner', 'color', 'Chroma Absolu'],
  ['kerastase', 'masks', 'mask', 'color', 'Chroma Absolu'],
  ['kerastase', 'shampoo', 'shampoo', 'nutri', 'Nutritive'],
  ['kerastase', 'masks', 'mask', 'nutri', 'Nutritive'],
  ['kerastase', 'oils', 'elixir', 'allTypes', 'Elixir Ultime'],
  ['kerastase', 'shampoo', 'shampoo', 'growth', 'Genesis'],
  ['kerastase', 'treatment', 'serum', 'growth', 'Genesis'],
  ['kerastase', 'shampoo', 'shampoo', 'blond', 'Blond Absolu'],
  ['kerastase', 'masks', 'mask', 'repair', 'Resistance'],
  ['kerastase', 'shampoo', 'shampoo', 'scalp', 'Specifique'],
  ['kerastase', 'styling', 'heatSpray', 'smooth', 'Discipline'],
  ['kerastase', 'styling', 'mousse', 'volume', 'Densifique'],
  // L'Oréal Professionnel
  ['loreal-professionnel', 'shampoo', 'shampoo', 'repair', 'Serie Expert Absolut Repair'],
  ['loreal-professionnel', 'masks', 'mask', 'repair', 'Serie Expert Absolut Repair'],
  ['loreal-professionnel', 'oils', 'oil', 'repair', 'Serie Expert Absolut Repair'],
  ['loreal-professionnel', 'shampoo', 'shampoo', 'color', 'Serie Expert Vitamino Color'],
  ['loreal-professionnel', 'conditioner', 'conditioner', 'color', 'Serie Expert Vitamino Color'],
  ['loreal-professionnel', 'shampoo', 'shampoo', 'strength', 'Serie Expert Pro Longer'],
  ['loreal-professionnel', 'masks', 'mask', 'color', 'Serie Expert Metal Detox'],
  ['loreal-professionnel', 'shampoo', 'shampoo', 'scalp', 'Serie Expert Scalp Advanced'],
  ['loreal-professionnel', 'treatment', 'serum', 'growth', 'Serioxyl Advanced'],
  ['loreal-professionnel', 'styling', 'hairspray', 'strong', 'Tecni.Art'],
  ['loreal-professionnel', 'styling', 'paste', 'texture', 'Tecni.Art'],
  ['loreal-professionnel', 'coloring', 'color', 'none', 'Majirel'],
  ['loreal-professionnel', 'coloring', 'semi', 'none', 'Dia Richesse'],
  // Redken
  ['redken', 'shampoo', 'shampoo', 'hydra', 'All Soft'],
  ['redken', 'conditioner', 'conditioner', 'hydra', 'All Soft'],
  ['redken', 'masks', 'mask', 'nutri', 'All Soft Mega'],
  ['redken', 'shampoo', 'shampoo', 'bond', 'Acidic Bonding Concentrate'],
  ['redken', 'conditioner', 'conditioner', 'bond', 'Acidic Bonding Concentrate'],
  ['redken', 'treatment', 'concentrate', 'bond', 'Acidic Bonding Concentrate'],
  ['redken', 'shampoo', 'shampoo', 'color', 'Color Extend Magnetics'],
  ['redken', 'shampoo', 'shampoo', 'antiFrizz', 'Frizz Dismiss'],
  ['redken', 'shampoo', 'shampoo', 'volume', 'Volume Injection'],
  ['redken', 'masks', 'mask', 'repair', 'Extreme'],
  ['redken', 'styling', 'hairspray', 'strong', 'Triple Take 32'],
  ['redken', 'coloring', 'toner', 'none', 'Shades EQ Gloss'],
  // Wella Professionals
  ['wella-professionals', 'shampoo', 'shampoo', 'repair', 'Fusion'],
  ['wella-professionals', 'masks', 'mask', 'repair', 'Fusion'],
  ['wella-professionals', 'shampoo', 'shampoo', 'color', 'Color Brilliance'],
  ['wella-professionals', 'conditioner', 'conditioner', 'color', 'Color Brilliance'],
  ['wella-professionals', 'shampoo', 'shampoo', 'nutri', 'Nutri-Enrich'],
  ['wella-professionals', 'masks', 'mask', 'nutri', 'Nutri-Enrich'],
  ['wella-professionals', 'treatment', 'serum', 'repair', 'Ultimate Repair'],
  ['wella-professionals', 'oils', 'oil', 'shine', 'Oil Reflections'],
  ['wella-professionals', 'styling', 'mousse', 'volume', 'EIMI'],
  ['wella-professionals', 'styling', 'hairspray', 'strong', 'EIMI'],
  ['wella-professionals', 'coloring', 'color', 'none', 'Koleston Perfect'],
  ['wella-professionals', 'coloring', 'powder', 'none', 'Blondor'],
  // Schwarzkopf Professional
  ['schwarzkopf-professional', 'shampoo', 'shampoo', 'repair', 'Bonacure Repair Rescue'],
  ['schwarzkopf-professional', 'conditioner', 'conditioner', 'repair', 'Bonacure Repair Rescue'],
  ['schwarzkopf-professional', 'shampoo', 'shampoo', 'hydra', 'Bonacure Hyaluronic Moisture Kick'],
  ['schwarzkopf-professional', 'masks', 'mask', 'hydra', 'Bonacure Hyaluronic Moisture Kick'],
  ['schwarzkopf-professional', 'shampoo', 'shampoo', 'color', 'Bonacure Color Freeze'],
  ['schwarzkopf-professional', 'shampoo', 'shampoo', 'blond', 'Blondme'],
  ['schwarzkopf-professional', 'masks', 'mask', 'blond', 'Blondme'],
  ['schwarzkopf-professional', 'treatment', 'concentrate', 'bond', 'Fibreplex'],
  ['schwarzkopf-professional', 'treatment', 'serum', 'repair', 'Fibre Clinix'],
  ['schwarzkopf-professional', 'styling', 'hairspray', 'strong', 'Osis+ Session'],
  ['schwarzkopf-professional', 'styling', 'cream', 'matte', 'Osis+ Mighty Matte'],
  ['schwarzkopf-professional', 'coloring', 'color', 'none', 'Igora Royal'],
  ['schwarzkopf-professional', 'coloring', 'oxide', 'none', 'Igora Royal'],
  // Matrix
  ['matrix', 'shampoo', 'shampoo', 'repair', 'Instacure'],
  ['matrix', 'conditioner', 'conditioner', 'repair', 'Instacure'],
  ['matrix', 'shampoo', 'shampoo', 'color', 'Keep Me Vivid'],
  ['matrix', 'conditioner', 'conditioner', 'color', 'Keep Me Vivid'],
  ['matrix', 'shampoo', 'shampoo', 'volume', 'High Amplify'],
  ['matrix', 'shampoo', 'shampoo', 'blond', 'So Silver'],
  ['matrix', 'masks', 'mask', 'hydra', 'Food For Soft'],
  ['matrix', 'oils', 'oil', 'hydra', 'Food For Soft'],
  ['matrix', 'styling', 'heatSpray', 'none', 'Style Link'],
  ['matrix', 'coloring', 'color', 'none', 'SoColor'],
  ['matrix', 'coloring', 'toner', 'none', 'Color Sync'],
  ['matrix', 'coloring', 'oxide', 'none', 'SoColor Cream Developer'],
  // Davines
  ['davines', 'shampoo', 'shampoo', 'allTypes', 'OI'],
  ['davines', 'conditioner', 'conditioner', 'allTypes', 'OI'],
  ['davines', 'oils', 'oil', 'allTypes', 'OI'],
  ['davines', 'shampoo', 'shampoo', 'nutri', 'NOUNOU'],
  ['davines', 'masks', 'mask', 'nutri', 'NOUNOU'],
  ['davines', 'shampoo', 'shampoo', 'hydra', 'MOMO'],
  ['davines', 'shampoo', 'shampoo', 'daily', 'DEDE'],
  ['davines', 'shampoo', 'shampoo', 'volume', 'VOLU'],
  ['davines', 'conditioner', 'conditioner', 'curl', 'Love Curl'],
  ['davines', 'treatment', 'serum', 'growth', 'Naturaltech Energizing'],
  ['davines', 'shampoo', 'shampoo', 'scalp', 'Naturaltech Purifying'],
  ['davines', 'styling', 'paste', 'texture', 'More Inside'],
  ['davines', 'styling', 'saltSpray', 'none', 'This is a Sea Salt Spray'],
  // Moroccanoil
  ['moroccanoil', 'oils', 'oil', 'allTypes', 'Treatment'],
  ['moroccanoil', 'oils', 'oil', 'thin', 'Treatment Light'],
  ['moroccanoil', 'shampoo', 'shampoo', 'hydra', 'Hydrating'],
  ['moroccanoil', 'conditioner', 'conditioner', 'hydra', 'Hydrating'],
  ['moroccanoil', 'shampoo', 'shampoo', 'repair', 'Moisture Repair'],
  ['moroccanoil', 'shampoo', 'shampoo', 'volume', 'Extra Volume'],
  ['moroccanoil', 'shampoo', 'shampoo', 'curl', 'Curl Enhancing'],
  ['moroccanoil', 'masks', 'mask', 'hydra', 'Intense Hydrating'],
  ['moroccanoil', 'masks', 'mask', 'repair', 'Restorative'],
  ['moroccanoil', 'styling', 'cream', 'curl', 'Curl Defining'],
  ['moroccanoil', 'styling', 'spray', 'texture', 'Dry Texture'],
  ['moroccanoil', 'styling', 'heatSpray', 'none', 'Perfect Defense'],
  // Olaplex
  ['olaplex', 'treatment', 'perfector', 'none', 'No.3 Hair Perfector'],
  ['olaplex', 'shampoo', 'shampoo', 'bond', 'No.4 Bond Maintenance'],
  ['olaplex', 'conditioner', 'conditioner', 'bond', 'No.5 Bond Maintenance'],
  ['olaplex', 'styling', 'leaveCream', 'none', 'No.6 Bond Smoother'],
  ['olaplex', 'oils', 'oil', 'repair', 'No.7 Bonding Oil'],
  ['olaplex', 'masks', 'mask', 'hydra', 'No.8 Bond Intense Moisture'],
  ['olaplex', 'treatment', 'serum', 'nutri', 'No.9 Bond Protector'],
  ['olaplex', 'shampoo', 'shampoo', 'blond', 'No.4P Blonde Enhancer'],
  ['olaplex', 'shampoo', 'shampoo', 'detox', 'No.4C Bond Maintenance Clarifying'],
  ['olaplex', 'shampoo', 'dryShampoo', 'none', 'No.4D Clean Volume Detox'],
  ['olaplex', 'treatment', 'intensive', 'bond', 'No.0 Intensive Bond Building'],
  // Estel
  ['estel', 'shampoo', 'shampoo', 'hydra', 'Otium Aqua'],
  ['estel', 'conditioner', 'balm', 'hydra', 'Otium Aqua'],
  ['estel', 'shampoo', 'shampoo', 'repair', 'Otium Miracle Revive'],
  ['estel', 'masks', 'mask', 'repair', 'Otium Miracle Revive'],
  ['estel', 'shampoo', 'shampoo', 'color', 'Curex Color Save'],
  ['estel', 'masks', 'mask', 'nutri', 'Curex Therapy'],
  ['estel', 'treatment', 'activator', 'none', 'Otium Unique'],
  ['estel', 'styling', 'hairspray', 'strong', 'Airex'],
  ['estel', 'styling', 'mousse', 'volume', 'Airex'],
  ['estel', 'coloring', 'color', 'none', 'De Luxe'],
  ['estel', 'coloring', 'oxide', 'none', 'De Luxe'],
  ['estel', 'coloring', 'powder', 'none', 'Ultra Blond De Luxe'],
  ['estel', 'accessories', 'shaker', 'none', ''],
  ['estel', 'accessories', 'bowl', 'none', ''],
  // Kapous
  ['kapous', 'shampoo', 'shampoo', 'keratin', 'Magic Keratin'],
  ['kapous', 'masks', 'mask', 'keratin', 'Magic Keratin'],
  ['kapous', 'shampoo', 'shampoo', 'hydra', 'Hyaluronic Acid'],
  ['kapous', 'conditioner', 'balm', 'hydra', 'Hyaluronic Acid'],
  ['kapous', 'oils', 'oil', 'nutri', 'Arganoil'],
  ['kapous', 'masks', 'mask', 'nutri', 'Arganoil'],
  ['kapous', 'shampoo', 'shampoo', 'growth', 'Biotin Energy'],
  ['kapous', 'treatment', 'serum', 'growth', 'Biotin Energy'],
  ['kapous', 'styling', 'gel', 'strong', 'Styling'],
  ['kapous', 'coloring', 'color', 'none', 'Professional'],
  ['kapous', 'coloring', 'oxide', 'none', 'Professional'],
  ['kapous', 'accessories', 'sprayer', 'none', ''],
  ['kapous', 'accessories', 'bowl', 'none', ''],
  // Ollin Professional
  ['ollin', 'shampoo', 'shampoo', 'growth', 'Full Force'],
  ['ollin', 'treatment', 'lotion', 'growth', 'Full Force'],
  ['ollin', 'shampoo', 'shampoo', 'repair', 'Care Restore'],
  ['ollin', 'masks', 'mask', 'repair', 'Care Restore'],
  ['ollin', 'shampoo', 'shampoo', 'color', 'Care Color & Shine Save'],
  ['ollin', 'masks', 'mask', 'nutri', 'BioNika'],
  ['ollin', 'oils', 'shineElixir', 'shine', 'Silk Touch'],
  ['ollin', 'styling', 'spray', 'rootVolume', 'Style'],
  ['ollin', 'coloring', 'color', 'none', ''],
  ['ollin', 'coloring', 'oxide', 'none', ''],
  ['ollin', 'accessories', 'kit', 'none', ''],
  ['ollin', 'conditioner', 'conditioner', 'color', 'Care Color & Shine Save'],
]

// Bottle pictures that suit each section (see app/public/images/products/).
const SECTION_IMAGES: Record<string, number[]> = {
  shampoo: [1, 2, 3],
  conditioner: [4, 5, 2],
  masks: [6, 7],
  oils: [8, 9],
  styling: [10, 4, 5],
  coloring: [11, 4],
  treatment: [12, 8],
  accessories: [10, 11, 6],
}

const imagePath = (n: number): string => `/images/products/bottle-${n}.svg`

const DATE_FROM = Date.UTC(2025, 0, 1)
const DATE_TO = Date.UTC(2026, 9, 31, 23, 59)
const DISCOUNTED = 38 // ~25 % of 150
const SOLD_OUT = 15 // ~10 % of 150

function optionPrices(tier: number, kind: Kind, volumes: number[]): { volume: number; price: number }[] {
  const result: { volume: number; price: number }[] = []
  for (const volume of volumes) {
    let price = round10(tier * kind.mult * Math.pow(volume / kind.ref, 0.78))
    price = Math.max(300, price)
    const prev = result[result.length - 1]
    if (prev && price <= prev.price) price = prev.price + 50
    if (price > 9000) {
      if (result.length === 0) result.push({ volume, price: 9000 })
      break
    }
    result.push({ volume, price })
  }
  return result
}

function buildProducts(): SeedProduct[] {
  const rnd = mulberry32(20260101)
  const discounted = new Set(shuffled(SPECS.length, mulberry32(7)).slice(0, DISCOUNTED))
  const soldOut = new Set(shuffled(SPECS.length, mulberry32(13)).slice(0, SOLD_OUT))
  const brandIndex = new Map(brands.map((b, i) => [b.slug, i]))
  const used = new Set<string>()

  return SPECS.map(([brandSlug, sectionSlug, kindKey, focusKey, line], index): SeedProduct => {
    const brand = brands.find((b) => b.slug === brandSlug)
    const info = BRAND_INFO[brandSlug]
    const kind = KINDS[kindKey]
    const focus = FOCUSES[focusKey]
    if (!brand || !info || !kind || !focus) throw new Error(`seed/catalog: bad spec #${index}`)

    const descriptor = focus.adj ? focus.adj[kind.gender] : (focus.phrase ?? '')
    const name = [kind.ru, descriptor, info.inName || line === '' ? brand.name : '', line].filter(Boolean).join(' ')
    // a line such as 'No.3 Hair Perfector' already names the kind of product
    const lineNamesKind = line !== '' && slugify(line).endsWith(slugify(kind.en))
    const nameEn = joinWithoutRepeat(lineNamesKind ? [brand.name, line] : [brand.name, line, focus.en, kind.en])

    let slug = slugify([brandSlug, line, lineNamesKind ? '' : kind.slug].filter(Boolean).join(' '))
    if (used.has(slug)) slug = `${slug}-${slugify(focus.en)}`
    used.add(slug)

    const description = [kind.lead, focus.benefit, info.note, kind.usage].filter(Boolean).join(' ')
    const kindEn = KINDS_EN[kindKey]
    const noteEn = BRAND_NOTE_EN[brandSlug]
    const benefitEn = FOCUS_BENEFIT_EN[focusKey]
    if (!kindEn || noteEn === undefined || benefitEn === undefined)
      throw new Error(`seed/catalog: no English for #${index}`)
    const descriptionEn = [kindEn.lead, benefitEn, noteEn, kindEn.usage].filter(Boolean).join(' ')

    // 1..3 options, the smallest volumes of the kind first
    const wanted = 1 + Math.floor(rnd() * Math.min(3, kind.volumes.length))
    const priced = optionPrices(info.tier, kind, kind.volumes.slice(0, wanted))
    const discount = discounted.has(index) ? 0.1 + Math.floor(rnd() * 5) * 0.05 : 0
    const isSoldOut = soldOut.has(index)
    const options: SeedProductOption[] = priced.map(({ volume, price }) => {
      const stock = isSoldOut ? 0 : Math.floor(rnd() * 41)
      const oldPrice = discount > 0 ? round10(price / (1 - discount)) : null
      return {
        volume,
        price,
        oldPrice: oldPrice !== null && oldPrice > price ? oldPrice : null,
        stock,
        sku: `${info.code}-${String(index + 1).padStart(3, '0')}-${volume}`,
      }
    })
    const first = options[0]
    if (!isSoldOut && first && options.every((o) => o.stock === 0)) first.stock = 1 + Math.floor(rnd() * 40)

    const candidates = SECTION_IMAGES[sectionSlug] ?? [1]
    const bIndex = brandIndex.get(brandSlug) ?? 0
    const main = at(candidates, (bIndex + index) % candidates.length)
    const gallery = [main]
    const extra = Math.floor(rnd() * 3)
    for (let k = 1; gallery.length < 1 + extra && k <= 12; k++) {
      const next = ((main - 1 + k * 5) % 12) + 1
      if (!gallery.includes(next)) gallery.push(next)
    }

    const created = DATE_FROM + Math.floor(rnd() * ((DATE_TO - DATE_FROM) / 60000)) * 60000

    return {
      slug,
      name,
      nameEn,
      sectionSlug,
      brandSlug,
      description,
      descriptionEn,
      hairTypes: [...(focus.hairTypes.length > 0 ? focus.hairTypes : (kind.hairTypes ?? []))],
      purposes: [...(focus.purposes.length > 0 ? focus.purposes : (kind.purposes ?? []))],
      image: imagePath(main),
      gallery: gallery.map(imagePath),
      options,
      popularity: Math.floor(rnd() * 1001),
      createdAt: new Date(created).toISOString(),
    }
  })
}

export const products: SeedProduct[] = buildProducts()
