import { createTRPCRouter, publicProcedure } from '../init'
import { PostListInput } from '../../contracts/content'
import { faqList, listPosts } from '../../services/content'
import { notFound } from '../../errors'

export const contentRouter = createTRPCRouter({
  posts: publicProcedure.input(PostListInput).query(async ({ ctx, input }) => {
    const list = await listPosts(ctx, input.page)
    if (input.page > list.pages) throw notFound()
    return list
  }),
  faq: publicProcedure.query(({ ctx }) => faqList(ctx)),
})
