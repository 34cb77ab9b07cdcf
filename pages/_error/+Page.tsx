import { NotFoundActions } from '../../components/nav/NotFoundActions.tsx'
import { useSite } from '../../components/site-context.tsx'
import { Container } from '../../components/ui/Container.tsx'
import { listRoutes } from '../../site/content.ts'

export default function Page() {
  const { notFound } = useSite()
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
        {notFound.headline}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-muted">{notFound.lead}</p>
      <NotFoundActions
        back={notFound.back}
        home={notFound.home}
        contact={notFound.contact}
        routes={listRoutes().map((route) => route.path)}
      />
    </Container>
  )
}
