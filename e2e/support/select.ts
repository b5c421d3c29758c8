import type { Locator, Page } from 'playwright-core';

export interface PickOptions {
  /** Search `text` first (default) where the select has a search box; false to only open and pick. */
  search?: boolean;
}

/**
 * Opens an Ant Design Select or TreeSelect and picks the first option containing `text`: the one way the
 * e2e suites choose from a dropdown.
 *
 * Robust under CI load, where each of the copies this replaces failed once: it waits for the dropdown to
 * open before searching (typing before it had focus went elsewhere), fills the select's own search input
 * instead of typing at whatever has focus, and parks the pointer in a corner until no tooltip shows before
 * clicking (a column's sort tooltip that opened over the dropdown took the click). When the option does
 * not appear, the error says what the dropdown showed.
 */
export async function pickOption(
  page: Page,
  field: Locator,
  text: string,
  { search = true }: PickOptions = {},
): Promise<void> {
  await field.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.waitFor();
  const input = field.locator('input').first();
  const searching = search && (await input.isEditable());
  if (searching) await input.fill(text);
  const option = dropdown
    .locator('.ant-select-tree-treenode, .ant-select-item-option')
    .filter({ hasText: text })
    .first();
  try {
    await option.waitFor();
  } catch (error) {
    const shown = await dropdown.innerText().catch(() => '(the dropdown closed)');
    const typed = searching ? await input.inputValue() : '';
    throw new Error(`no option "${text}" (searched "${typed}"); the dropdown showed: ${shown}`, {
      cause: error,
    });
  }
  await page.mouse.move(0, 0);
  await page.locator('.ant-tooltip:visible').first().waitFor({ state: 'hidden' });
  await option.click();
}
