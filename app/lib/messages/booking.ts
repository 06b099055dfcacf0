import { addRussianTexts } from '../i18n'
import { bookingRu } from './booking.ru'

/**
 * Import for its effect in every module that shows a booking text (`import '…/lib/messages/booking'`):
 * the browser's Russian dictionary gets them with the booking code, never on a first load.
 * tests/unit/messages-on-demand.test.ts checks every user imports it.
 */
addRussianTexts(bookingRu)
