import { expect, test } from '@playwright/test'

// The FAQ is native <details> sharing one name: an exclusive accordion without JavaScript.
test.describe('FAQ accordion', () => {
  test('answers are in the prerendered HTML', async ({ request }) => {
    const html = await (await request.get('/industries/ai-ml')).text()
    expect(html).toContain('Who interviews our machine learning candidates?')
    expect(html).toContain(
      'Both. Candidates reason about models and metrics, then work through a practical problem',
    )
  })

  test('one open at a time, and collapsible again', async ({ page }) => {
    await page.goto('/industries/ai-ml')
    const faq = page.locator('#faq')
    const items = faq.locator('details')
    await expect(items).toHaveCount(5)
    const question = (index: number) => items.nth(index).locator('summary')
    const answer = faq.getByText('A standard interview is 60 minutes')
    await expect(answer).toBeHidden()
    await question(3).click()
    await expect(answer).toBeVisible()
    await expect(faq.locator('details[open]')).toHaveCount(1)
    await question(0).click()
    await expect(answer).toBeHidden()
    await expect(faq.locator('details[open]')).toHaveCount(1)
    await expect(items.nth(0)).toHaveAttribute('open', '')
    await question(0).click()
    await expect(faq.locator('details[open]')).toHaveCount(0)
  })

  test('works from the keyboard: Enter and Space toggle a question', async ({ page }) => {
    await page.goto('/industries/ai-ml')
    const faq = page.locator('#faq')
    const first = faq.locator('summary').nth(0)
    const second = faq.locator('summary').nth(1)
    await first.focus()
    await page.keyboard.press('Enter')
    await expect(faq.locator('details').nth(0)).toHaveAttribute('open', '')
    await page.keyboard.press('Tab')
    await expect(second).toBeFocused()
    await page.keyboard.press('Space')
    await expect(faq.locator('details').nth(1)).toHaveAttribute('open', '')
    await expect(faq.locator('details[open]')).toHaveCount(1)
    await page.keyboard.press('Space')
    await expect(faq.locator('details[open]')).toHaveCount(0)
  })
})
