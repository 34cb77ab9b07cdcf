import { expect, test, type Locator, type Page } from '@playwright/test'
import InterviewerCarousel, {
  type InterviewerProfile,
} from '../../components/carousels/InterviewerCarousel.island.tsx'
import TestimonialCarousel from '../../components/carousels/TestimonialCarousel.island.tsx'
import { collectErrors, expectNoAxeViolations } from './helpers.ts'

/**
 * The track's transform once it has stopped moving: the same for three frames in a row (Embla
 * moves it every frame while it animates, and leaves it alone once settled).
 */
const settledTransform = (track: Locator) =>
  track.evaluate(
    (element: HTMLElement) =>
      new Promise<string>((resolve) => {
        let last = element.style.transform
        let unchanged = 0
        const check = () => {
          const now = element.style.transform
          unchanged = now === last ? unchanged + 1 : 0
          last = now
          if (unchanged === 3) resolve(now)
          else requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      }),
  )
import { openIslandPage } from './island-harness.tsx'

const testimonials = [
  { text: 'They caught gaps our own panel missed.', name: 'Priya Raman', title: 'VP Engineering' },
  { text: 'Scorecards we could act on the next morning.', name: 'Tom Berg', title: 'CTO' },
  { text: 'Our engineers got their weeks back.', name: 'Lena Ortiz', title: 'Head of Talent' },
]
const testimonialLabels = {
  carousel: 'Testimonials',
  previous: 'Previous testimonial',
  next: 'Next testimonial',
  goTo: 'Show testimonial {index}',
  slide: '{index} of {count}',
}

const profiles: InterviewerProfile[] = Array.from({ length: 18 }, (_, index) => ({
  id: `interviewer-${index + 1}`,
  name: `Interviewer ${index + 1}`,
  role: 'Staff Engineer',
  bio: 'Ten years building distributed systems.',
  initials: `I${index + 1}`,
}))
const interviewerLabels = {
  carousel: 'Our interviewers',
  previous: 'Previous interviewers',
  next: 'Next interviewers',
  slide: '{index} of {count}',
}

test.describe('testimonial carousel', () => {
  const open = (page: Page) =>
    openIslandPage(page, 'testimonials', 'What clients say', [
      {
        name: 'carousels/TestimonialCarousel',
        component: TestimonialCarousel,
        props: { items: testimonials, labels: testimonialLabels },
        hydrate: 'visible',
      },
    ])
  const current = (page: Page) =>
    page.locator('[aria-roledescription="slide"][aria-hidden="false"]')

  test('previous and next wrap around; a dot jumps to its quote', async ({ page }) => {
    const errors = collectErrors(page)
    await open(page)
    const carousel = page.getByRole('group', { name: 'Testimonials' })
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
    await expect(current(page)).toContainText('Priya Raman')
    await expect(current(page)).toBeInViewport()
    const next = page.getByRole('button', { name: 'Next testimonial' })
    const previous = page.getByRole('button', { name: 'Previous testimonial' })
    await next.click()
    await expect(current(page)).toContainText('Tom Berg')
    await next.click()
    await next.click()
    await expect(current(page)).toContainText('Priya Raman')
    await previous.click()
    await expect(current(page)).toContainText('Lena Ortiz')
    await expect(page.getByRole('button', { name: 'Show testimonial 3' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await page.getByRole('button', { name: 'Show testimonial 2' }).click()
    await expect(current(page)).toContainText('Tom Berg')
    await expect(current(page)).toHaveAttribute('aria-label', '2 of 3')
    // Hidden quotes are out of the accessibility tree and the tab order.
    await expect(page.getByText('They caught gaps our own panel missed.')).not.toBeInViewport()
    expect(errors).toEqual([])
  })

  test('works from the keyboard', async ({ page }) => {
    await open(page)
    await page.getByRole('button', { name: 'Next testimonial' }).focus()
    await page.keyboard.press('Enter')
    await expect(current(page)).toContainText('Tom Berg')
    await page.keyboard.press('Space')
    await expect(current(page)).toContainText('Lena Ortiz')
  })

  test('moves without animation when reduced motion is preferred', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await open(page)
    const track = page.locator('[aria-live="polite"]')
    await expect(track).toHaveCSS('transition-property', 'none')
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await expect(track).not.toHaveCSS('transition-property', 'none')
    await expect(track).toHaveCSS('transition-duration', '0.5s')
  })

  test('no axe violations', async ({ page }) => {
    await open(page)
    await expectNoAxeViolations(page)
  })
})

test.describe('interviewer carousel', () => {
  const open = (page: Page) =>
    openIslandPage(page, 'interviewers', 'Meet our interviewers', [
      {
        name: 'carousels/InterviewerCarousel',
        component: InterviewerCarousel,
        props: { profiles, labels: interviewerLabels },
        hydrate: 'visible',
      },
    ])
  const slides = (page: Page) => page.locator('[aria-roledescription="slide"]')
  /** The name of the slide nearest the viewport's left edge. */
  const firstVisible = (page: Page) =>
    page.evaluate(() => {
      const viewport = document
        .querySelector('[role="group"][tabindex="0"]')!
        .getBoundingClientRect()
      const all = [...document.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')]
      const nearest = all.sort(
        (a, b) =>
          Math.abs(a.getBoundingClientRect().left - viewport.left) -
          Math.abs(b.getBoundingClientRect().left - viewport.left),
      )[0]!
      return nearest.querySelector('h3')!.textContent
    })

  for (const [width, perView] of [
    [768, 4],
    [1280, 5],
  ] as const)
    test(`shows ${perView} of 18 profiles at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await open(page)
      await expect(slides(page)).toHaveCount(18)
      const viewportWidth = (await page.locator('[role="group"][tabindex="0"]').boundingBox())!
        .width
      const slideWidth = (await slides(page).first().boundingBox())!.width
      expect(Math.round(viewportWidth / slideWidth)).toBe(perView)
    })

  test('loops with the buttons, aligned to the start', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const errors = collectErrors(page)
    await open(page)
    expect(await firstVisible(page)).toBe('Interviewer 1')
    await page.getByRole('button', { name: 'Next interviewers' }).click()
    await expect.poll(() => firstVisible(page)).toBe('Interviewer 2')
    await page.getByRole('button', { name: 'Previous interviewers' }).click()
    await expect.poll(() => firstVisible(page)).toBe('Interviewer 1')
    // Looping: before the first comes the last.
    await page.getByRole('button', { name: 'Previous interviewers' }).click()
    await expect.poll(() => firstVisible(page)).toBe('Interviewer 18')
    expect(errors).toEqual([])
  })

  test('Left and Right arrow keys move it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await open(page)
    await page.getByRole('group', { name: 'Our interviewers' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => firstVisible(page)).toBe('Interviewer 2')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => firstVisible(page)).toBe('Interviewer 3')
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => firstVisible(page)).toBe('Interviewer 2')
  })

  for (const [motion, jumps] of [
    ['reduce', true],
    ['no-preference', false],
  ] as const)
    test(`with prefers-reduced-motion: ${motion} it ${jumps ? 'jumps' : 'animates'}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.emulateMedia({ reducedMotion: motion })
      await open(page)
      const track = page.locator('[role="group"][tabindex="0"] > div')
      // The position right after the press, before any animation frame, against where it ends.
      const immediately = await page.evaluate(() => {
        const button = [...document.querySelectorAll('button')].find(
          (candidate) => candidate.getAttribute('aria-label') === 'Next interviewers',
        )!
        button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerId: 1 }))
        button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerId: 1 }))
        button.click()
        return document.querySelector<HTMLElement>('[role="group"][tabindex="0"] > div')!.style
          .transform
      })
      await expect.poll(() => firstVisible(page)).toBe('Interviewer 2')
      const settled = await settledTransform(track)
      expect(immediately === settled).toBe(jumps)
    })

  test('no axe violations', async ({ page }) => {
    await open(page)
    await expectNoAxeViolations(page)
  })
})
