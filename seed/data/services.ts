import type { SeedService, SeedServiceParam, SeedServiceSection } from './types'

export const serviceSections: SeedServiceSection[] = [
  {
    slug: 'haircuts',
    title: 'Стрижки',
    titleEn: 'Haircuts',
    description:
      'Женские, мужские и детские стрижки, подравнивание кончиков и стрижка горячими ножницами. Мастер подберёт форму с учётом типа волос и черт лица.',
    descriptionEn:
      "Women's, men's and kids' haircuts, ends trims and hot scissors cuts. The stylist will choose a shape that suits your hair type and facial features.",
    sort: 10,
  },
  {
    slug: 'coloring',
    title: 'Окрашивание',
    titleEn: 'Coloring',
    description:
      'Окрашивание в один тон, мелирование, балаяж, AirTouch и тонирование на профессиональных красителях с защитой структуры волос.',
    descriptionEn:
      'Single-process color, highlights, balayage, AirTouch and toning with professional colors that protect the hair structure.',
    sort: 20,
  },
  {
    slug: 'care',
    title: 'Уход',
    titleEn: 'Care',
    description:
      'Салонные уходовые процедуры: восстановление, глубокое увлажнение, пилинг кожи головы и ритуалы с профессиональной косметикой.',
    descriptionEn:
      'Salon care treatments: repair, deep hydration, scalp peeling and rituals with professional products.',
    sort: 30,
  },
  {
    slug: 'styling',
    title: 'Укладки и причёски',
    titleEn: 'Styling',
    description:
      'Укладки на каждый день, локоны, плетение кос, вечерние и свадебные причёски с надёжной и естественной фиксацией.',
    descriptionEn: 'Everyday styling, curls, braids, evening and wedding hairstyles with a secure yet natural hold.',
    sort: 40,
  },
  {
    slug: 'treatment',
    title: 'Восстановление и выпрямление',
    titleEn: 'Treatments',
    description:
      'Кератиновое выпрямление, ботокс для волос, нанопластика и консультация трихолога для проблем кожи головы и выпадения волос.',
    descriptionEn:
      'Keratin straightening, hair botox, nanoplasty and a trichologist consultation for scalp problems and hair loss.',
    sort: 50,
  },
  {
    slug: 'extensions',
    title: 'Наращивание',
    titleEn: 'Extensions',
    description:
      'Капсульное и ленточное наращивание натуральных славянских волос, коррекция и бережное снятие нарощенных прядей.',
    descriptionEn:
      'Capsule and tape extensions with natural Slavic hair, maintenance and gentle removal of extended strands.',
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
    descriptionEn:
      'A consultation, a wash with professional shampoo, a cut and a blow-dry. The stylist will choose a shape that suits your hair texture, face shape and how much time you are ready to spend on styling.',
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
    descriptionEn:
      "A classic or fashion men's cut with clippers and scissors, a wash and a finishing style with matte paste or clay.",
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
    descriptionEn:
      'A haircut for children under 12 in a calm setting. Our stylists know how to work with fidgety kids, and there are cartoons to watch during the cut.',
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
    descriptionEn:
      'Heated blades seal the hair ends, so they stay free of split ends for longer. Especially good for long, colored and lightened hair.',
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
    descriptionEn:
      'Refreshing the shape and removing split ends without changing the length — 1–3 centimetres. We recommend it every 2–3 months.',
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
    descriptionEn:
      'Full-length color with a permanent or ammonia-free dye, including a wash, color-sealing care and a blow-dry. The price includes materials.',
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
    descriptionEn:
      'Classic foil highlights: selected strands are lightened and then toned for a soft, natural color transition.',
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
    descriptionEn:
      'A hand-painted technique that blends color from darker roots to lighter ends. Gives a sun-kissed look and needs little maintenance.',
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
    descriptionEn:
      'An advanced technique: the short hairs are blown out of each strand with a dryer and only the long ones are lightened. The result is the smoothest transition and a natural glow.',
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
    descriptionEn:
      'Acidic toning refreshes the shade, removes brassiness after lightening and gives hair a mirror shine without ammonia.',
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
    descriptionEn:
      'The in-salon Olaplex No.1 and No.2 treatment rebuilds broken disulfide bonds. Recommended after lightening and for badly damaged hair.',
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
    descriptionEn:
      "A custom cocktail of a Kérastase concentrate and booster is matched to your hair's needs: nourishment, repair, shine or color protection.",
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
    descriptionEn:
      'A wash, a hyaluronic acid mask under a climazon, and a head and neck massage. Brings softness back to dry, dehydrated hair.',
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
    descriptionEn:
      'Gentle exfoliation clears the scalp of dead cells and styling residue, improves microcirculation and keeps hair fresh for longer.',
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
    descriptionEn:
      'A wash, heat protection and a round-brush blow-dry: sleek, with root volume or with soft waves at the ends.',
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
    descriptionEn:
      'Hollywood waves, beach waves or bouncy curls with a curling iron and flat iron. The stylist uses heat protection and a light hold so the style lasts all day.',
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
    descriptionEn:
      'An updo or half-up style for a prom, a celebration or a photo shoot. Bring a reference photo and the stylist will adapt the look to your hair.',
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
    descriptionEn:
      'French and Dutch braids, fishtails and braided headbands. The price depends on the number of braids; a light hold is included.',
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
    descriptionEn:
      'A keratin formula smooths the hair and is sealed in with a flat iron. Smooth, manageable, frizz-free hair for 3–5 months.',
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
    descriptionEn:
      'Deep repair with a formula of amino acids, collagen and oils. Hair becomes denser and shinier, and frizz is reduced without straightening.',
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
    descriptionEn:
      'Formaldehyde-free straightening based on amino acids. Suitable for lightened and fine hair; the effect lasts up to 6 months.',
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
    descriptionEn:
      'Trichoscopy, an assessment of the scalp and hair, home-care advice and, if needed, a plan of salon treatments.',
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
    descriptionEn:
      'Hot extensions with keratin micro-capsules. The base price includes 50 strands of 50 cm Slavic hair; each extra strand is charged separately.',
    basePrice: 12000,
    durationMin: 240,
    params: [STRANDS(90)],
    // Hair is matched and ordered for the client first: a consultation the salon calls back about.
    bookableOnline: false,
  },
  {
    slug: 'tape-extensions',
    sectionSlug: 'extensions',
    title: 'Ленточное наращивание',
    titleEn: 'Tape-in extensions',
    description:
      'Холодное наращивание на тонкие полимерные ленты: быстро, без нагрева и с возможностью многократной коррекции. В базовую стоимость входят 20 лент.',
    descriptionEn:
      'Cold extensions with thin polymer tapes: quick, heat-free and can be re-applied many times. The base price includes 20 tapes.',
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
    // Hair is matched and ordered for the client first: a consultation the salon calls back about.
    bookableOnline: false,
  },
  {
    slug: 'extensions-correction',
    sectionSlug: 'extensions',
    title: 'Коррекция наращивания',
    titleEn: 'Extensions maintenance',
    description:
      'Снятие прядей, перекапсуляция и повторное наращивание по мере отрастания собственных волос — обычно раз в 2–3 месяца.',
    descriptionEn:
      'Removing the strands, re-bonding and re-applying them as your own hair grows — usually every 2–3 months.',
    basePrice: 5000,
    durationMin: 180,
    params: [STRANDS(40)],
    // Hair is matched and ordered for the client first: a consultation the salon calls back about.
    bookableOnline: false,
  },
]
