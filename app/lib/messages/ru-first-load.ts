import { shellRu } from './shell.ru'

/**
 * The Russian texts every page's first load carries in the browser: the shell's (header, footer,
 * notices, error pages, the favorites hearts' labels). The catalog's, content pages', cart's,
 * checkout's, order and account texts come with the code that shows them
 * (`app/lib/messages/catalog.ts`, `content.ts`, `catalog-more.ts`, `commerce.ts`, `account.ts`);
 * the server has every text (`ru.ts`).
 */
export const ruFirstLoad: Record<string, string> = { ...shellRu }
