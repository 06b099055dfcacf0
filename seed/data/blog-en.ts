// English texts of the blog posts (issue 17), by slug. Same structure and pictures as the Russian.

const img = (n: number, alt: string): string =>
  `<img src="/images/blog/cover-${n}.svg" width="1200" height="630" alt="${alt}">`

export interface PostEn {
  titleEn: string
  excerptEn: string
  htmlEn: string
}

export const postsEn: Record<string, PostEn> = {
  'how-to-choose-shampoo': {
    titleEn: 'How to choose a shampoo: go by your scalp, not your lengths',
    excerptEn:
      'A shampoo cleanses the scalp first of all, so choose it by the state of your scalp. Here is what to look for in the ingredients and on the label.',
    htmlEn: [
      '<p>The most common mistake when choosing a shampoo is to go by the state of your lengths. Dry ends push you towards a “nourishing” shampoo, even though your scalp may get oily quickly. Remember: a shampoo works mainly at the roots, while the lengths are fed by conditioner, masks and leave-in care.</p>',
      '<h2>Find out your scalp type</h2>',
      '<p>Watch how your scalp behaves on the second day after washing. If the roots already look greasy and the hair clumps into strands, your scalp tends to be oily. If it feels tight or itchy or shows small dry flakes, it lacks moisture. If your hair looks fresh for two or three days, your scalp is normal.</p>',
      '<ul><li>For an oily scalp, clarifying shampoos and balancing formulas work well — you can use them even every day.</li><li>For a dry, sensitive scalp, choose gentle sulfate-free shampoos with soothing ingredients: panthenol, allantoin, aloe and oat extracts.</li><li>Dandruff needs products with active ingredients — piroctone olamine, climbazole or zinc pyrithione; use them as a course.</li><li>For color-treated hair, choose shampoos with an acidic pH: they open the cuticle less and keep the color longer.</li></ul>',
      img(1, 'Shampoo bottles of different colors on a light background'),
      '<h2>How to wash your hair properly</h2>',
      '<p>There is no need to spread shampoo over the full length: lather it at the roots, and the foam will clean the rest of the hair as you rinse. If you use styling products or dry shampoo, wash twice — the first time there is hardly any lather, the second time the shampoo works at full strength.</p>',
      '<p>The water should be warm, not hot: hot water stimulates sebum production and dries out the lengths. Always follow shampoo with a conditioner or balm — it closes the cuticle that any cleanser lifts.</p>',
    ].join('\n'),
  },
  'colored-hair-care': {
    titleEn: 'How to keep color-treated hair vibrant: 7 rules',
    excerptEn:
      'Pigment washes out of hair faster than you think. Here is how to make a fresh color last longer without extra trips to the salon.',
    htmlEn: [
      '<p>A fresh color looks perfect right up to the first wash. Artificial pigment gradually leaves the hair through the lifted cuticle, and sun, chlorine and hot water speed this up. The good news is that the right home care keeps the color rich for several weeks longer.</p>',
      '<h2>The first 72 hours after coloring</h2>',
      '<p>Stylists advise not washing your hair for two or three days after the salon visit. During this time the cuticle closes completely and the pigment settles inside the hair. If you cannot wait, use only a shampoo for color-treated hair and cool water.</p>',
      '<ol><li>Choose shampoos labelled “for color-treated hair” with an acidic pH.</li><li>Wash your hair less often — two or three times a week is quite enough.</li><li>Use a conditioner after every wash and a mask once a week.</li><li>Always apply heat protection before the blow-dryer and flat iron.</li><li>In summer, protect your hair from UV with sprays containing UV filters.</li><li>In the pool, wear a cap or wet your hair with clean water before swimming.</li><li>Refresh the shade with a salon toning every 3–4 weeks.</li></ol>',
      img(2, 'A palette of colored hair strands'),
      '<h2>Toning products for home</h2>',
      '<p>Tinted shampoos and masks with pigments help maintain the color between appointments. Cool blondes need violet products, red and copper shades warm pigments, brunettes brown ones. Do not leave them on longer than stated: light hair may pick up an unwanted tone.</p>',
      '<p>If the color has faded anyway, do not rush to recolor: sometimes a salon toning or a gloss treatment is enough to bring back depth and shine.</p>',
    ].join('\n'),
  },
  'heat-protection': {
    titleEn: 'Heat protection: why you need it and how to choose the right one',
    excerptEn:
      'Blow-dryers, flat irons and curling irons heat hair to temperatures at which keratin starts to break down. We explain how heat protection works and which temperature to choose.',
    htmlEn: [
      '<p>A flat iron heats up to 200–230 °C, and every pass evaporates water from the hair and damages the cuticle. Over time this leads to breakage, split ends and dull color. Heat protection products form a film on the hair surface that slows down heating and spreads the heat more evenly.</p>',
      '<h2>Which texture to choose</h2>',
      '<p>Sprays suit fine hair: they do not weigh it down and spread evenly through the strands. Creams and milks work better on thick, coarse and curly hair — they also soften and smooth it. Oils with heat protection are good for dry ends, but you need very little.</p>',
      '<ul><li>Apply heat protection to damp hair before blow-drying and once more to dry hair before using a flat iron.</li><li>Distribute the product over the full length with a wide-tooth comb.</li><li>Do not straighten wet hair: the water boils inside the hair and destroys it from within.</li><li>Pass the iron over a strand once rather than several times in a row.</li></ul>',
      img(3, 'A hair dryer and a bottle of heat protection spray'),
      '<h2>Which temperature is safe</h2>',
      '<p>Fine, lightened and weakened hair needs no more than 150–170 °C. Normal hair is fine at 170–190 °C, and very thick, coarse hair at up to 210 °C. Higher settings are only for professionals doing specific treatments.</p>',
      '<p>Blow-dry at medium power, holding the dryer 15–20 cm away and pointing the airflow from top to bottom, along the cuticle scales. A final blast of cool air sets the style and adds shine.</p>',
    ].join('\n'),
  },
  'hair-masks-guide': {
    titleEn: 'Hair masks: how to choose one and how often to use it',
    excerptEn:
      'A mask is the most concentrated step of home care. Here is how it differs from a conditioner and how to fit it into your routine.',
    htmlEn: [
      '<p>A conditioner and a mask solve similar problems but work differently. A conditioner quickly smooths the cuticle and makes combing easier, while a mask contains more nourishing and repairing ingredients and is meant to act longer. That is why you do not have to use a mask after every wash.</p>',
      '<h2>Which mask your hair needs</h2>',
      '<p>Dry, coarse hair needs hydrating masks with glycerin, aloe and hyaluronic acid. Lightened and damaged hair needs repairing formulas with proteins, amino acids and ceramides. Color-treated hair does well with antioxidant masks with an acidic pH, and fine hair with light textures that do not take away its volume.</p>',
      '<ul><li>Apply the mask to towel-dried hair: on wet hair it runs off and works worse.</li><li>Keep 3–5 cm away from the roots, especially if your scalp tends to be oily.</li><li>Leave it on for the time stated on the pack; the warmth of a towel or a cap boosts the effect.</li><li>Rinse with warm, not hot, water.</li></ul>',
      img(4, 'Jars of hair masks'),
      '<h2>How often to use a mask</h2>',
      '<p>Once or twice a week is enough for most hair types. Badly damaged hair after lightening can get an intensive course: a mask at every other wash for a month, then a maintenance routine.</p>',
      '<p>Watch how your hair responds. If it becomes heavy or stiff or loses its freshness quickly, there is probably too much care — use masks less often or alternate a repairing mask with a hydrating one.</p>',
    ].join('\n'),
  },
  'hair-oils': {
    titleEn: 'Hair oils: how to use them without weighing hair down',
    excerptEn:
      'Leave-in oils add shine and protect the ends. Here is how much oil you need and what hair to apply it to.',
    htmlEn: [
      '<p>Professional hair oils are not the same as a pure oil from the pharmacy. They are usually based on light silicones and natural oils — argan, camellia, jojoba — so they absorb quickly, leave no greasy trace and are fine for daily use.</p>',
      '<h2>How much oil you need</h2>',
      '<p>The main rule: less than you think. One or two drops are enough for shoulder-length hair, two or three for long hair. Warm the oil between your palms and spread it over the lengths and ends, avoiding the roots. If your hair still looks heavy, try a light version of the oil for fine hair.</p>',
      '<ol><li>On damp hair before drying — to ease combing and protect from the dryer.</li><li>On dry hair after styling — to tame frizz and add shine.</li><li>On the ends during the day — when hair gets static or looks dry.</li><li>In a mask or conditioner — a couple of drops boost nourishment.</li></ol>',
      img(5, 'A drop of oil on strands of hair'),
      '<h2>Oil as a pre-wash mask</h2>',
      '<p>Very dry and porous hair benefits from an oil wrap. Apply oil to the lengths 30–60 minutes before washing, then shampoo twice. This protects hair from being dried out by the shampoo and makes it noticeably softer.</p>',
      '<p>Keep oil in a dark place at room temperature and mind its shelf life after opening: oxidised oils lose their properties and smell unpleasant.</p>',
    ].join('\n'),
  },
  'seasonal-hair-loss': {
    titleEn: 'Seasonal hair loss: when to worry',
    excerptEn:
      'In spring and autumn you find noticeably more hair on your brush. We look at how much hair loss is normal and what helps reduce it.',
    htmlEn: [
      '<p>Each hair lives from two to six years, then falls out and a new one starts growing in its place. So losing 50–100 hairs a day is normal. Between seasons this number may rise for a while: many people notice more hair loss in autumn and early spring.</p>',
      '<h2>Why hair falls out more</h2>',
      '<p>Seasonal hair loss is linked to changes in daylight, hormonal shifts and a lack of vitamins. It gets worse with stress, strict diets, illnesses with a high fever and iron deficiency. Hair usually starts falling out two or three months after the trigger, so look for the cause in the past.</p>',
      '<ul><li>A balanced diet with enough protein, iron and zinc.</li><li>A gentle scalp massage while washing — it improves microcirculation.</li><li>Courses of serums and lotions that strengthen the roots, lasting at least 6–8 weeks.</li><li>As few tight hairstyles and harsh treatments as possible while the hair loss lasts.</li></ul>',
      img(6, 'A hairbrush and a scalp serum'),
      '<h2>When to see a trichologist</h2>',
      '<p>If hair loss lasts longer than three months, your hair has visibly thinned, bald patches have appeared or your scalp has problems — itching, redness, flaking — book a trichologist. They will do a trichoscopy and, if needed, refer you for tests.</p>',
      '<p>Cosmetic anti-hair-loss products work well for seasonal and stress-related hair loss, but they do not replace treatment when the cause is hormonal or an illness.</p>',
    ].join('\n'),
  },
  'curly-hair-care': {
    titleEn: 'Caring for curly hair: the basics of the curly girl method',
    excerptEn:
      'Curls need special care: more moisture, less friction and no brush on dry hair. We explain the principles of the curly girl method.',
    htmlEn: [
      '<p>Curly hair is naturally drier than straight hair: sebum has a harder time travelling along the bends, and a lifted cuticle loses moisture faster. That is why curls easily get frizzy and lose their shape. The curly girl method is a set of simple rules that keep curls hydrated and defined.</p>',
      '<h2>The main principles</h2>',
      '<p>The method is built on gentle cleansing and plenty of moisture. Instead of harsh sulfate shampoos, it uses mild cleansers or co-washing — washing with conditioner. Leave-in care goes on very wet hair, and then the shape is set with a gel or cream.</p>',
      '<ol><li>Detangle only while applying conditioner, with your fingers or a wide-tooth comb.</li><li>Apply leave-in cream and gel to wet hair right in the shower.</li><li>Scrunch the strands upwards to form curls.</li><li>Use a cotton T-shirt or microfibre instead of a terry towel.</li><li>Dry with a diffuser on low speed or let your hair air-dry.</li></ol>',
      img(1, 'Curly locks close up'),
      '<h2>How to keep curls until the next wash</h2>',
      '<p>Sleep on a silk or satin pillowcase and gather long hair in a loose high bun. In the morning, refresh the curls by spritzing them with water mixed with a little conditioner and scrunch lightly.</p>',
      '<p>Every few weeks, do a deep cleanse with a silicone-free shampoo to remove build-up: without it, curls become heavy and lose their bounce.</p>',
    ].join('\n'),
  },
  'blonde-without-yellow': {
    titleEn: 'Blonde without brassiness: purple shampoos and toning',
    excerptEn: 'Why lightened hair turns yellow and how to bring back a cool shade — at home and in the salon.',
    htmlEn: [
      '<p>Lightening breaks down the natural pigment, and the dark molecules go first. What remains are warm yellow and orange tones, which the stylist neutralises with a toner. But the toner gradually washes out, and hard water, sun and styling products bring the brassiness back.</p>',
      '<h2>How purple shampoos work</h2>',
      '<p>On the color wheel, violet sits opposite yellow, so violet pigments visually cancel out brassiness. A tinted shampoo leaves a little pigment on the hair surface and refreshes the cool shade. Use it once or twice a week, alternating with a regular shampoo for lightened hair.</p>',
      '<ul><li>Leave purple shampoo on for 1–3 minutes, or up to 5 minutes for a stronger effect.</li><li>Very porous ends pick up pigment more strongly — apply the product to the roots first.</li><li>If a lilac tint appears, wash your hair with a clarifying shampoo.</li><li>To neutralise orange tones on dark blonde hair, blue pigments work better.</li></ul>',
      img(2, 'Blonde hair and a purple shampoo'),
      '<h2>When you need the salon</h2>',
      '<p>Home products maintain the result but do not replace toning. If the brassiness is strong or the shade is uneven, book a stylist: an acidic toning refreshes the color and adds shine in one visit.</p>',
      '<p>Do not forget repair: lightened hair loses strength, so repairing masks and products that protect the inner bonds of the hair should become a permanent part of your routine.</p>',
    ].join('\n'),
  },
  'keratin-botox-nanoplasty': {
    titleEn: 'Keratin, botox or nanoplasty: which to choose',
    excerptEn:
      'We compare three popular salon treatments for smooth hair: how they differ, how long the effect lasts and who they suit.',
    htmlEn: [
      '<p>All three treatments promise smooth, shiny hair, but they work differently. To avoid disappointment, be clear about what you want: to straighten curls completely, to get rid of frizz or simply to repair hair after coloring.</p>',
      '<h2>How the treatments differ</h2>',
      '<p>Keratin straightening smooths hair with a keratin formula sealed in with a flat iron at a high temperature. It copes well with frizz and waves, and the effect lasts up to 3–5 months. Hair botox is more of a repairing treatment: it makes hair denser and reduces frizz, but hardly straightens it. Nanoplasty uses formulas based on amino acids and organic acids and suits even lightened hair.</p>',
      '<ul><li>If you want the smoothest possible hair and have thick curly strands, choose keratin.</li><li>If you need repair and shine without changing the texture, botox is for you.</li><li>If your hair is lightened or thinned but you want it straight, discuss nanoplasty with your stylist.</li></ul>',
      img(3, 'Smooth shiny hair after the treatment'),
      '<h2>Aftercare</h2>',
      '<p>For the first 72 hours after keratin straightening, do not wash your hair, tie it in a ponytail or pin it up. After that, use sulfate-free shampoos: sulfates wash the formula out faster. After any of the three treatments, avoid unprotected salty sea water and use hydrating masks regularly.</p>',
      '<p>There is no need to repeat the treatments too often: hair benefits from a rest between them. Your stylist will suggest the best interval after assessing your hair.</p>',
    ].join('\n'),
  },
  'winter-hair-care': {
    titleEn: 'Winter hair care: surviving the cold and the central heating',
    excerptEn:
      'Frost, wind and dry indoor air are a real test for your hair. Here are some simple rules for winter care.',
    htmlEn: [
      '<p>In winter, hair suffers from two sides: outside it is dried by frost and wind, and at home by hot air from the radiators. Humidity in heated rooms often drops below 30 %, and hair gives its water away to the surrounding air. The result is familiar to many: frizz, static and brittle ends.</p>',
      '<h2>Adjust your home care</h2>',
      '<p>In winter, switch to richer products: creamy conditioners, nourishing masks and leave-in serums. If your scalp has become dry and sensitive, choose a gentle sulfate-free shampoo. A humidifier in the bedroom boosts the effect.</p>',
      '<ul><li>Do not go out with damp hair: the water in the hair freezes and damages its structure.</li><li>Tuck the lengths under a scarf or coat to reduce friction and wind damage.</li><li>Use an anti-static spray or a couple of drops of oil on the ends.</li><li>Choose hats made of natural materials with a silk lining.</li></ul>',
      img(4, 'A winter scarf and a jar of nourishing mask'),
      '<h2>Salon support</h2>',
      '<p>Every three or four weeks, a salon treatment helps: a hydrating spa treatment or a ritual with concentrates. It quickly replenishes the moisture and lipids hair loses in winter.</p>',
      '<p>Do not forget your diet either: water, oily fish, nuts and foods with B vitamins support a healthy scalp from within.</p>',
    ].join('\n'),
  },
  'how-often-to-trim': {
    titleEn: 'How often should you trim your ends',
    excerptEn:
      'Trimming does not make hair grow faster, but it helps keep the length. Here is how to tell it is time to see your stylist.',
    htmlEn: [
      '<p>There is a popular myth that frequent trims make hair grow faster. They do not: growth speed depends on the hair follicles, and on average hair grows 1–1.5 centimetres a month. But regular trims help you grow healthy length — without thin, split and brittle ends.</p>',
      '<h2>Signs that it is time for a trim</h2>',
      '<p>The ends look thinner than the rest of the hair, tangle and form knots, and stick out in all directions after styling. If you look closely, you can see splits or white dots at the ends — places where the hair has broken. Splitting travels up the hair, so do not put off the trim.</p>',
      '<ul><li>Short haircuts — every 4–6 weeks to keep the shape.</li><li>Medium length — every 2–3 months.</li><li>Long hair you are growing — every 3–4 months, by 1–2 centimetres.</li><li>After lightening and chemical treatments — more often, as your stylist recommends.</li></ul>',
      img(5, 'Hairdressing scissors and a comb'),
      '<h2>How to make a haircut last longer</h2>',
      '<p>Leave-in products for the ends, heat protection and gentle brushing reduce the risk of split ends. Brush your hair starting from the ends and gradually working up to the roots, and detangle wet hair only with a wide-tooth comb.</p>',
      '<p>A hot scissors cut seals the hair ends, so they stay neat for longer. This treatment is especially useful if you are growing your hair or style it often.</p>',
    ].join('\n'),
  },
  'volume-for-fine-hair': {
    titleEn: 'Volume for fine hair: a style that lasts all day',
    excerptEn:
      'Fine hair quickly loses volume and falls flat. We share stylists’ tricks and pick products that do not weigh hair down.',
    htmlEn: [
      '<p>Fine hair is not a life sentence. Hair diameter really does vary almost twofold from person to person, but the right care and a couple of professional tricks can change how a hairstyle looks. The key is not to overload hair with heavy products and to dry the roots properly.</p>',
      '<h2>Care that does not weigh hair down</h2>',
      '<p>Choose volumizing shampoos and conditioners with light formulas, and apply conditioner to the lengths only. Use masks no more than once a week, preferring hydrating ones to nourishing ones. Every two weeks, a deep cleanse removes styling residue.</p>',
      '<ol><li>Apply a root-lift mousse or spray to damp roots.</li><li>Blow-dry, pointing the airflow against the direction of growth.</li><li>Lift the strands at the roots with a small round brush.</li><li>Set the result with cool air.</li><li>Spray a texturizing spray or dry shampoo onto the finished style.</li></ol>',
      img(6, 'A voluminous style on fine hair'),
      '<h2>A haircut can help</h2>',
      '<p>Layered medium-length cuts visually add thickness, and a blunt line on short and medium hair makes the ends look denser. Very long fine hair loses root volume under its own weight, so sometimes the best way to add volume is to take off a few centimetres.</p>',
      '<p>Change your parting from time to time: hair gets used to falling one way, and a new parting gives instant root volume.</p>',
    ].join('\n'),
  },
}

/** English names of the posts' tags (seeded into site_options as `blogTagsEn`; a tag missing here shows in Russian). */
export const blogTagsEn: Record<string, string> = {
  блеск: 'shine',
  блонд: 'blonde',
  ботокс: 'hair botox',
  восстановление: 'repair',
  'выпадение волос': 'hair loss',
  выпрямление: 'straightening',
  'вьющиеся волосы': 'curly hair',
  длина: 'length',
  'защита цвета': 'color protection',
  зима: 'winter',
  кератин: 'keratin',
  'кожа головы': 'scalp',
  кончики: 'ends',
  'кудрявый метод': 'curly girl method',
  маски: 'masks',
  масла: 'oils',
  нанопластика: 'nanoplasty',
  объём: 'volume',
  окрашивание: 'coloring',
  'основы ухода': 'care basics',
  'сезонный уход': 'seasonal care',
  стрижка: 'haircut',
  термозащита: 'heat protection',
  тонирование: 'toning',
  'тонкие волосы': 'fine hair',
  трихология: 'trichology',
  увлажнение: 'hydration',
  укладка: 'styling',
  утюжок: 'flat iron',
  уход: 'care',
  шампунь: 'shampoo',
}
