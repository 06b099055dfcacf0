import type { SeedService, SeedServiceParam, SeedServiceSection } from './types'

export const serviceSections: SeedServiceSection[] = [
  {
    slug: 'haircuts',
    title: 'Стрижки',
    titleEn: 'Haircuts',
    description:
      'Женские, мужские и детские стрижки, подравнивание кончиков и стрижка горячими ножницами. Мастер подберёт форму с учётом типа волос и черт лица.',
    sort: 10,
  },
  {
    slug: 'coloring',
    title: 'Окрашивание',
    titleEn: 'Coloring',
    description:
      'Окрашивание в один тон, мелирование, балаяж, AirTouch и тонирование на профессиональных красителях с защитой структуры волос.',
    sort: 20,
  },
  {
    slug: 'care',
    title: 'Уход',
    titleEn: 'Care',
    description:
      'Салонные уходовые процедуры: восстановление, глубокое увлажнение, пилинг кожи головы и ритуалы с профессиональной косметикой.',
    sort: 30,
  },
  {
    slug: 'styling',
    title: 'Укладки и причёски',
    titleEn: 'Styling',
    description:
      'Укладки на каждый день, локоны, плетение кос, вечерние и свадебные причёски с надёжной и естественной фиксацией.',
    sort: 40,
  },
  {
    slug: 'treatment',
    title: 'Восстановление и выпрямление',
    titleEn: 'Treatments',
    description:
      'Кератиновое выпрямление, ботокс для волос, нанопластика и консультация трихолога для проблем кожи головы и выпадения волос.',
    sort: 50,
  },
  {
    slug: 'extensions',
    title: 'Наращивание',
    titleEn: 'Extensions',
    description:
      'Капсульное и ленточное наращивание натуральных славянских волос, коррекция и бережное снятие нарощенных прядей.',
    sort: 60,
  },
]

const LENGTH: SeedServiceParam = {
  code: 'length',
  label: 'Длина волос',
  labelEn: 'Hair length',
  kind: 'select',
  options: [
    { value: 'short', label: 'Короткие (до подбородка)', labelEn: 'Short (chin length)', percent: 100 },
    { value: 'medium', label: 'Средние (до плеч)', labelEn: 'Medium (shoulder length)', percent: 130 },
    { value: 'long', label: 'Длинные (до лопаток)', labelEn: 'Long (shoulder-blade length)', percent: 160 },
    {
      value: 'extra-long',
      label: 'Очень длинные (ниже лопаток)',
      labelEn: 'Extra long (below shoulder blades)',
      percent: 200,
    },
  ],
}

const DENSITY: SeedServiceParam = {
  code: 'density',
  label: 'Густота волос',
  labelEn: 'Hair density',
  kind: 'select',
  options: [
    { value: 'thin', label: 'Редкие', labelEn: 'Thin', percent: 100 },
    { value: 'normal', label: 'Средние', labelEn: 'Normal', percent: 115 },
    { value: 'thick', label: 'Густые', labelEn: 'Thick', percent: 130 },
  ],
}

const STRANDS = (perUnit: number): SeedServiceParam => ({
  code: 'strands',
  label: 'Количество прядей',
  labelEn: 'Number of strands',
  kind: 'number',
  min: 50,
  max: 300,
  step: 25,
  perUnit,
  unit: 'шт.',
})

export const services: SeedService[] = [
  // Стрижки
  {
    slug: 'womens-haircut',
    sectionSlug: 'haircuts',
    title: 'Женская стрижка',
    titleEn: "Women's haircut",
    description:
      'Консультация, мытьё головы с профессиональным шампунем, стрижка и укладка феном. Мастер подберёт форму с учётом текстуры волос, овала лица и того, сколько времени вы готовы тратить на укладку.',
    basePrice: 1800,
    durationMin: 60,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'mens-haircut',
    sectionSlug: 'haircuts',
    title: 'Мужская стрижка',
    titleEn: "Men's haircut",
    description:
      'Классическая или модельная мужская стрижка машинкой и ножницами, мытьё головы и финальная укладка с матовой пастой или глиной.',
    basePrice: 1200,
    durationMin: 45,
    params: [DENSITY],
  },
  {
    slug: 'kids-haircut',
    sectionSlug: 'haircuts',
    title: 'Детская стрижка',
    titleEn: "Kids' haircut",
    description:
      'Стрижка для детей до 12 лет в спокойной обстановке. Мастера умеют работать с непоседами, а пока идёт стрижка, можно посмотреть мультфильм.',
    basePrice: 800,
    durationMin: 30,
    params: [LENGTH],
  },
  {
    slug: 'hot-scissors-haircut',
    sectionSlug: 'haircuts',
    title: 'Стрижка горячими ножницами',
    titleEn: 'Hot scissors haircut',
    description:
      'Нагретые лезвия запаивают срез волоса, благодаря чему кончики дольше не секутся. Процедура особенно полезна для длинных, окрашенных и осветлённых волос.',
    basePrice: 2500,
    durationMin: 75,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'ends-trim',
    sectionSlug: 'haircuts',
    title: 'Подравнивание кончиков',
    titleEn: 'Ends trim',
    description:
      'Обновление формы и удаление посечённых кончиков без изменения длины — на 1–3 сантиметра. Рекомендуем раз в 2–3 месяца.',
    basePrice: 900,
    durationMin: 30,
    params: [LENGTH],
  },
  // Окрашивание
  {
    slug: 'single-color',
    sectionSlug: 'coloring',
    title: 'Окрашивание в один тон',
    titleEn: 'Single-process color',
    description:
      'Окрашивание по всей длине стойким или безаммиачным красителем, включая мытьё головы, уход для фиксации цвета и укладку. Цена указана с учётом материалов.',
    basePrice: 3500,
    durationMin: 120,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'highlights',
    sectionSlug: 'coloring',
    title: 'Мелирование',
    titleEn: 'Highlights',
    description:
      'Классическое мелирование на фольгу: осветление отдельных прядей с последующим тонированием для мягкого, естественного перехода цвета.',
    basePrice: 4500,
    durationMin: 150,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'balayage',
    sectionSlug: 'coloring',
    title: 'Балаяж',
    titleEn: 'Balayage',
    description:
      'Техника ручного растяжения цвета от затемнённых корней к светлым концам. Даёт эффект выгоревших на солнце волос и не требует частой коррекции.',
    basePrice: 7500,
    durationMin: 210,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'airtouch',
    sectionSlug: 'coloring',
    title: 'Окрашивание AirTouch',
    titleEn: 'AirTouch coloring',
    description:
      'Сложное окрашивание, при котором короткие волоски выдуваются феном из каждой пряди, а осветляются только длинные. Результат — максимально плавный переход и естественное сияние.',
    basePrice: 9000,
    durationMin: 240,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'toning',
    sectionSlug: 'coloring',
    title: 'Тонирование',
    titleEn: 'Toning',
    description:
      'Кислотное тонирование освежает оттенок, убирает желтизну после осветления и придаёт волосам зеркальный блеск без аммиака.',
    basePrice: 2500,
    durationMin: 90,
    params: [LENGTH],
  },
  // Уход
  {
    slug: 'olaplex-treatment',
    sectionSlug: 'care',
    title: 'Восстанавливающий уход Olaplex',
    titleEn: 'Olaplex repair treatment',
    description:
      'Салонная процедура Olaplex № 1 и № 2 восстанавливает разрушенные дисульфидные связи. Рекомендуется после осветления и для сильно повреждённых волос.',
    basePrice: 2500,
    durationMin: 60,
    params: [LENGTH],
  },
  {
    slug: 'kerastase-ritual',
    sectionSlug: 'care',
    title: 'Уход-ритуал Kérastase Fusio-Dose',
    titleEn: 'Kérastase Fusio-Dose ritual',
    description:
      'Индивидуальный коктейль из концентрата и усилителя Kérastase подбирается под потребности ваших волос: питание, восстановление, блеск или защита цвета.',
    basePrice: 2200,
    durationMin: 45,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'spa-hydration',
    sectionSlug: 'care',
    title: 'Увлажняющая SPA-процедура',
    titleEn: 'Hydrating spa treatment',
    description:
      'Мытьё, маска с гиалуроновой кислотой под климазоном, массаж головы и шеи. Возвращает мягкость сухим и обезвоженным волосам.',
    basePrice: 2000,
    durationMin: 60,
    params: [LENGTH],
  },
  {
    slug: 'scalp-peeling',
    sectionSlug: 'care',
    title: 'Пилинг кожи головы',
    titleEn: 'Scalp peeling',
    description:
      'Мягкое отшелушивание очищает кожу головы от ороговевших клеток и остатков стайлинга, улучшает микроциркуляцию и продлевает свежесть волос.',
    basePrice: 1500,
    durationMin: 40,
    params: [],
  },
  // Укладки
  {
    slug: 'blow-dry',
    sectionSlug: 'styling',
    title: 'Укладка феном',
    titleEn: 'Blow-dry',
    description:
      'Мытьё головы, термозащита и укладка на брашинг: гладкая, с объёмом у корней или с мягкими волнами на концах.',
    basePrice: 1200,
    durationMin: 45,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'curls',
    sectionSlug: 'styling',
    title: 'Локоны',
    titleEn: 'Curls',
    description:
      'Голливудская волна, пляжные или упругие локоны на плойку и утюжок. Мастер использует термозащиту и лёгкую фиксацию, чтобы укладка держалась весь день.',
    basePrice: 2000,
    durationMin: 60,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'evening-hairstyle',
    sectionSlug: 'styling',
    title: 'Вечерняя причёска',
    titleEn: 'Evening hairstyle',
    description:
      'Собранная или полусобранная причёска для выпускного, торжества или фотосессии. Можно принести фото-референс — мастер адаптирует образ под ваши волосы.',
    basePrice: 3500,
    durationMin: 90,
    params: [LENGTH],
  },
  {
    slug: 'braids',
    sectionSlug: 'styling',
    title: 'Плетение кос',
    titleEn: 'Braiding',
    description:
      'Французские, голландские косы, «колоски» и косы-ободки. Стоимость зависит от количества кос; в цену включена лёгкая фиксация.',
    basePrice: 1000,
    durationMin: 40,
    params: [
      LENGTH,
      {
        code: 'braids',
        label: 'Количество кос',
        labelEn: 'Number of braids',
        kind: 'number',
        min: 1,
        max: 10,
        step: 1,
        perUnit: 400,
        unit: 'шт.',
      },
    ],
  },
  // Восстановление и выпрямление
  {
    slug: 'keratin-straightening',
    sectionSlug: 'treatment',
    title: 'Кератиновое выпрямление',
    titleEn: 'Keratin straightening',
    description:
      'Составом с кератином волосы разглаживаются и запечатываются утюжком. Эффект гладких, послушных волос без пушистости сохраняется до 3–5 месяцев.',
    basePrice: 6000,
    durationMin: 180,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'hair-botox',
    sectionSlug: 'treatment',
    title: 'Ботокс для волос',
    titleEn: 'Hair botox',
    description:
      'Глубокое восстановление составом с аминокислотами, коллагеном и маслами. Волосы становятся плотнее и блестящее, пушистость уменьшается без выпрямления.',
    basePrice: 4500,
    durationMin: 150,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'nanoplasty',
    sectionSlug: 'treatment',
    title: 'Нанопластика',
    titleEn: 'Nanoplasty',
    description:
      'Бесформальдегидное выпрямление на основе аминокислот. Подходит для осветлённых и тонких волос, эффект держится до 6 месяцев.',
    basePrice: 8000,
    durationMin: 210,
    params: [LENGTH, DENSITY],
  },
  {
    slug: 'trichologist-consultation',
    sectionSlug: 'treatment',
    title: 'Консультация трихолога',
    titleEn: 'Trichologist consultation',
    description:
      'Трихоскопия, оценка состояния кожи головы и волос, рекомендации по домашнему уходу и, при необходимости, план салонных процедур.',
    basePrice: 2000,
    durationMin: 45,
    params: [],
  },
  // Наращивание
  {
    slug: 'capsule-extensions',
    sectionSlug: 'extensions',
    title: 'Капсульное наращивание',
    titleEn: 'Keratin bond extensions',
    description:
      'Горячее наращивание на кератиновые микрокапсулы. Базовая цена включает 50 прядей славянских волос длиной 50 см, каждая дополнительная прядь оплачивается отдельно.',
    basePrice: 12000,
    durationMin: 240,
    params: [STRANDS(90)],
  },
  {
    slug: 'tape-extensions',
    sectionSlug: 'extensions',
    title: 'Ленточное наращивание',
    titleEn: 'Tape-in extensions',
    description:
      'Холодное наращивание на тонкие полимерные ленты: быстро, без нагрева и с возможностью многократной коррекции. В базовую стоимость входят 20 лент.',
    basePrice: 8000,
    durationMin: 120,
    params: [
      {
        code: 'tapes',
        label: 'Количество лент',
        labelEn: 'Number of tapes',
        kind: 'number',
        min: 20,
        max: 80,
        step: 4,
        perUnit: 250,
        unit: 'шт.',
      },
    ],
  },
  {
    slug: 'extensions-correction',
    sectionSlug: 'extensions',
    title: 'Коррекция наращивания',
    titleEn: 'Extensions maintenance',
    description:
      'Снятие прядей, перекапсуляция и повторное наращивание по мере отрастания собственных волос — обычно раз в 2–3 месяца.',
    basePrice: 5000,
    durationMin: 180,
    params: [STRANDS(40)],
  },
]
