/**
 * Texts of the shell's parts that load on demand, in English: the city, callback and confirm
 * dialogs, the burger menu's back button, the 404 page.
 */
export const shellMoreEn = {
  'city.select': 'Choose your city',
  'city.search': 'Find a city',
  'city.empty': 'No city found',
  'confirm.yes': 'Yes',
  'confirm.no': 'Cancel',
  'callback.title': 'Request a callback',
  'callback.text': 'Leave your phone number and we will call you back',
  'callback.submit': 'Call me back',
  'dialog.close': 'Close',
  'header.back': 'Back',
  'notFound.oops': 'Oops...',
  'notFound.heading': 'Page not found',
  'notFound.text': 'It may have been removed, or the address has a typo. Search the shop or try a popular section.',
  'notFound.search': 'Search the shop',
  'notFound.popular': 'Popular sections',
  'form.error': 'Error',
}
