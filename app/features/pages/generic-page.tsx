import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'

/** Title and breadcrumbs only: used while a page type has no component of its own yet. */
export default function GenericPage({ entity }: PageProps) {
  return <PageTitle entity={entity} />
}
