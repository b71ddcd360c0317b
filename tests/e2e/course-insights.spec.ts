// Issue 26, slice 4, "Insights": a member's progress shows in the Course Manager's insights panel,
// at 1280 and 360 px: the members sentence, the funnel chart (an SVG named by its summary, the
// same numbers in a hidden table), where people stop, each lesson's played figure; axe finds
// nothing to fix in the panel, and the page does not scroll sideways at 360 px.
import { architect, publishedModule } from './course-api';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { openAdminSection, watchConsole } from './page-helpers';

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
]) {
  test(`the insights panel shows a member's progress at ${viewport.width} px`, async ({ page, request, site }) => {
    await page.setViewportSize(viewport);
    const problems = watchConsole(page);
    const course = await publishedModule(request, site, 'Insight');
    try {
      const first = await course.lesson({ title: `${course.title} one` });
      await course.lesson({ title: `${course.title} two` });
      const member = await architect(request, site);
      const login = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
      const token = ((await login.json()) as { token: string }).token;
      const saved = await request.put(`/api/course/lessons/${first}/progress`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { positionSeconds: 0, completed: true },
      });
      expect(saved.status()).toBe(200);

      await openAdminSection(page, site, { link: 'Course Manager', query: 'course' });
      const panel = page.getByRole('region', { name: 'Insights' });
      await expect(panel.getByText(/^\d+ members? started, \d+ finished$/)).toBeVisible();
      const chart = panel.getByRole('img', { name: /^Funnel of \d+ modules?: / });
      await expect(chart).toBeVisible();
      // Started one of its two lessons, finished neither module: the module's row in the hidden table, in its place.
      const row = panel.getByRole('row').filter({ hasText: course.title });
      await expect(row.getByRole('cell')).toHaveText(['1', '0']);
      await expect(chart).toHaveAccessibleName(new RegExp(`\\d+\\. ${course.title}, 1 started, 0 finished\\.$`));
      await expect(panel.getByRole('listitem').filter({ hasText: `${course.title} one` })).toContainText('Nothing to play (no media)');
      expect(await axeViolations(page, '.cm-insights')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The chart is drawn at its column's width: all of it in view, none of it cut off.
      const [svg, box] = [await chart.boundingBox(), await panel.boundingBox()];
      expect(svg!.x + svg!.width).toBeLessThanOrEqual(box!.x + box!.width);
      expect(problems).toEqual([]);
    } finally {
      await course.remove();
    }
  });
}
