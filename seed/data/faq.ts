import type { SeedFaqGroup } from './types'

export const faqGroups: SeedFaqGroup[] = [
  {
    slug: 'order',
    title: 'Заказ',
    titleEn: 'Orders',
    items: [
      {
        question: 'Как оформить заказ?',
        questionEn: 'How do I place an order?',
        answer:
          '<p>Добавьте товары в корзину, перейдите в неё и нажмите «Оформить заказ». Укажите имя, телефон и e-mail, выберите способ доставки и оплаты. После подтверждения заказа мы пришлём письмо с его номером и составом.</p>',
        answerEn:
          '<p>Add products to the cart, open it and click “Checkout”. Enter your name, phone and e-mail and choose a delivery and payment method. Once the order is confirmed, we will send you an e-mail with its number and contents.</p>',
      },
      {
        question: 'Нужно ли регистрироваться на сайте?',
        questionEn: 'Do I need to register on the site?',
        answer:
          '<p>Нет, оформить заказ можно без регистрации. Личный кабинет удобен тем, что в нём хранится история заказов и сохраняются адреса доставки.</p>',
        answerEn:
          '<p>No, you can order without registering. An account is handy because it keeps your order history and saves your delivery addresses.</p>',
      },
      {
        question: 'Можно ли изменить или отменить заказ после оформления?',
        questionEn: 'Can I change or cancel an order after placing it?',
        answer:
          '<p>Да, пока заказ не передан в службу доставки. Позвоните нам по телефону 8 (800) 555-35-35 или напишите на info@hair-shop.ru, указав номер заказа, — менеджер внесёт изменения или отменит его.</p>',
        answerEn:
          '<p>Yes, as long as the order has not been handed over for delivery. Call us at 8 (800) 555-35-35 or write to info@hair-shop.ru with the order number, and a manager will change or cancel it.</p>',
      },
      {
        question: 'Как применить промокод?',
        questionEn: 'How do I apply a promo code?',
        answer:
          '<p>Введите промокод в корзине в поле «Промокод» и нажмите «Применить». Скидка пересчитается автоматически. У некоторых промокодов есть минимальная сумма заказа и срок действия — условия указаны в описании акции. Одновременно можно использовать только один промокод.</p>',
        answerEn:
          '<p>Enter the promo code in the “Promo code” field in the cart and click “Apply”. The discount is recalculated automatically. Some promo codes have a minimum order total and an expiry date — the terms are in the offer description. Only one promo code can be used at a time.</p>',
      },
      {
        question: 'Вся ли косметика в магазине оригинальная?',
        questionEn: 'Are all the cosmetics in the shop genuine?',
        answer:
          '<p>Да. Мы работаем напрямую с официальными дистрибьюторами брендов и по запросу предоставляем сертификаты и декларации соответствия на любой товар.</p>',
        answerEn:
          '<p>Yes. We work directly with the brands’ official distributors and provide certificates and declarations of conformity for any product on request.</p>',
      },
    ],
  },
  {
    slug: 'delivery',
    title: 'Доставка',
    titleEn: 'Delivery',
    items: [
      {
        question: 'В какие города вы доставляете?',
        questionEn: 'Which cities do you deliver to?',
        answer:
          '<p>Курьерская доставка работает в 15 крупнейших городах России, в остальные населённые пункты мы отправляем заказы Почтой России. Подробные условия — на странице <a href="/delivery/">«Доставка»</a>.</p>',
        answerEn:
          '<p>Courier delivery works in the 15 largest cities of Russia; to all other places we send orders by Russian Post. See the <a href="/delivery/">Delivery</a> page for details.</p>',
      },
      {
        question: 'Сколько стоит доставка?',
        questionEn: 'How much does delivery cost?',
        answer:
          '<p>Курьерская доставка стоит 390 ₽ и бесплатна для заказов от 5 000 ₽. Самовывоз из наших салонов бесплатный. Отправка Почтой России стоит 450 ₽ независимо от суммы заказа.</p>',
        answerEn:
          '<p>Courier delivery costs 390 ₽ and is free for orders from 5 000 ₽. Pickup from our salons is free. Russian Post costs 450 ₽ whatever the order total.</p>',
      },
      {
        question: 'Как быстро привезут заказ?',
        questionEn: 'How soon will my order arrive?',
        answer:
          '<p>Курьер доставит заказ на следующий день после оформления, если вы сделали его до 18:00. Самовывоз возможен уже через 2 часа после подтверждения. Срок доставки Почтой России — от 3 до 10 рабочих дней в зависимости от региона.</p>',
        answerEn:
          '<p>A courier delivers the order the day after you place it if you order before 18:00. Pickup is possible 2 hours after confirmation. Russian Post takes 3 to 10 working days depending on the region.</p>',
      },
      {
        question: 'Как отследить посылку?',
        questionEn: 'How can I track my parcel?',
        answer:
          '<p>После передачи заказа в доставку мы пришлём SMS и письмо с трек-номером. Статус отправления можно проверить в личном кабинете или на сайте Почты России.</p>',
        answerEn:
          '<p>Once the order is handed over for delivery, we will send you an SMS and an e-mail with a tracking number. You can check the parcel status in your account or on the Russian Post website.</p>',
      },
      {
        question: 'Можно ли забрать заказ самостоятельно?',
        questionEn: 'Can I pick up the order myself?',
        answer:
          '<p>Да, выберите при оформлении способ «Самовывоз из салона» и удобный адрес. Заказ хранится в салоне 5 дней, при получении нужно назвать номер заказа.</p>',
        answerEn:
          '<p>Yes, choose “Pickup from a salon” and a convenient address at checkout. The order is kept at the salon for 5 days; give the order number when you collect it.</p>',
      },
    ],
  },
  {
    slug: 'payment',
    title: 'Оплата',
    titleEn: 'Payment',
    items: [
      {
        question: 'Какие способы оплаты доступны?',
        questionEn: 'Which payment methods are available?',
        answer:
          '<p>Банковской картой или через СБП онлайн на сайте, наличными или картой при получении заказа, а для юридических лиц — по счёту. Подробнее — на странице <a href="/payment/">«Оплата»</a>.</p>',
        answerEn:
          '<p>By bank card or the Faster Payments System online on the site, in cash or by card on delivery, and by invoice for companies. See the <a href="/payment/">Payment</a> page for details.</p>',
      },
      {
        question: 'Безопасно ли платить картой на сайте?',
        questionEn: 'Is it safe to pay by card on the site?',
        answer:
          '<p>Да. Платёж проходит на защищённой странице банка-эквайера по протоколу 3-D Secure. Данные карты не передаются нам и не хранятся на нашем сервере.</p>',
        answerEn:
          '<p>Yes. The payment goes through the acquiring bank’s secure page with 3-D Secure. Card details are not passed to us and are not stored on our server.</p>',
      },
      {
        question: 'Как оплатить заказ по счёту?',
        questionEn: 'How do I pay by invoice?',
        answer:
          '<p>Выберите способ оплаты «По счёту для юридических лиц» и укажите ИНН организации. Мы сформируем счёт и отправим его на e-mail. Заказ будет передан в доставку после поступления средств на расчётный счёт, обычно в течение 1–3 банковских дней.</p>',
        answerEn:
          '<p>Choose “Invoice for companies” as the payment method and enter your company’s INN. We will issue an invoice and send it by e-mail. The order is handed over for delivery once the payment reaches our account, usually within 1–3 banking days.</p>',
      },
      {
        question: 'Выдаёте ли вы кассовый чек?',
        questionEn: 'Do you issue a receipt?',
        answer:
          '<p>Да, в соответствии с 54-ФЗ мы отправляем электронный чек на e-mail или телефон, указанные при оформлении заказа. При оплате курьеру вы также получите бумажный чек.</p>',
        answerEn:
          '<p>Yes, as Federal Law 54-FZ requires, we send an electronic receipt to the e-mail or phone given at checkout. When you pay the courier, you also get a paper receipt.</p>',
      },
      {
        question: 'Когда списываются деньги при онлайн-оплате?',
        questionEn: 'When is the money charged for an online payment?',
        answer:
          '<p>Сумма блокируется на карте в момент оплаты и списывается после сборки заказа. Если какого-то товара не окажется в наличии, мы спишем только стоимость собранных позиций.</p>',
        answerEn:
          '<p>The amount is held on the card at payment and charged once the order is packed. If an item turns out to be out of stock, we charge only for the items packed.</p>',
      },
    ],
  },
  {
    slug: 'returns',
    title: 'Возврат и обмен',
    titleEn: 'Returns and exchanges',
    items: [
      {
        question: 'Можно ли вернуть косметику надлежащего качества?',
        questionEn: 'Can I return cosmetics of proper quality?',
        answer:
          '<p>Да, если товар не вскрывали. При покупке в интернет-магазине вы можете отказаться от товара в течение 7 дней после получения (ст. 26.1 Закона «О защите прав потребителей»), если сохранены его товарный вид, заводская упаковка и пломбы, а также документ, подтверждающий покупку. Вскрытую и использованную косметику вернуть нельзя. Деньги возвращаются в течение 10 дней с момента получения заявления, за вычетом стоимости обратной доставки.</p>',
        answerEn:
          '<p>Yes, if the product has not been opened. When you buy online, you may return a product within 7 days of receiving it (Article 26.1 of the Consumer Rights Protection Law) if its appearance, factory packaging and seals are intact and you have proof of purchase. Opened and used cosmetics cannot be returned. The money is refunded within 10 days of your request, minus the cost of the return shipping.</p>',
      },
      {
        question: 'Что делать, если пришёл повреждённый товар?',
        questionEn: 'What should I do if a product arrived damaged?',
        answer:
          '<p>Проверьте заказ при получении. Если флакон повреждён или протёк, сообщите курьеру и сфотографируйте товар. Если вы обнаружили повреждение позже, напишите на info@hair-shop.ru в течение 7 дней — мы заменим товар или вернём деньги.</p>',
        answerEn:
          '<p>Check the order when you receive it. If a bottle is damaged or has leaked, tell the courier and take a photo of the product. If you find the damage later, write to info@hair-shop.ru within 7 days — we will replace the product or refund the money.</p>',
      },
      {
        question: 'Мне привезли не тот товар. Как обменять?',
        questionEn: 'I received the wrong product. How do I exchange it?',
        answer:
          '<p>Свяжитесь с нами по телефону 8 (800) 555-35-35. Мы бесплатно заберём ошибочный товар и привезём нужный, либо вернём его стоимость.</p>',
        answerEn:
          '<p>Call us at 8 (800) 555-35-35. We will collect the wrong product free of charge and bring the right one, or refund its price.</p>',
      },
      {
        question: 'Как вернуть товар ненадлежащего качества?',
        questionEn: 'How do I return a defective product?',
        answer:
          '<p>Отправьте нам заявление с описанием проблемы и фотографиями. Если дефект подтвердится, мы вернём деньги или заменим товар в сроки, установленные Законом «О защите прав потребителей» — не позднее 10 дней с момента обращения.</p>',
        answerEn:
          '<p>Send us a request describing the problem, with photos. If the defect is confirmed, we will refund the money or replace the product within the time set by the Consumer Rights Protection Law — no later than 10 days after your request.</p>',
      },
      {
        question: 'Как быстро возвращаются деньги?',
        questionEn: 'How soon is the money refunded?',
        answer:
          '<p>При оплате картой деньги возвращаются на ту же карту; срок зачисления зависит от банка и обычно составляет от 3 до 10 рабочих дней. При оплате наличными мы переведём деньги на карту по реквизитам, указанным в заявлении.</p>',
        answerEn:
          '<p>If you paid by card, the money goes back to the same card; how long it takes depends on your bank, usually 3 to 10 working days. If you paid in cash, we will transfer the money to the card given in your request.</p>',
      },
    ],
  },
]
