import { addRussianTexts } from '../i18n'
import { shellMoreRu } from './shell-more.ru'

/** Import for its effect in every module that shows one of these texts (see commerce.ts). */
addRussianTexts(shellMoreRu)
