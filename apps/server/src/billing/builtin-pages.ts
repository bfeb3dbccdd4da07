/**
 * The frame of the built-in provider's pages: a banner on every page says plainly that this is a
 * test payment page and that no money is taken.
 */
export function testPaymentPage({ title, body }: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} (test payment page) - Cinegrade</title>
<style>
  body { font-family: system-ui, sans-serif; background: #111318; color: #e8e8ec; margin: 0; }
  main { max-width: 32rem; margin: 3rem auto; padding: 1.5rem; background: #1b1e25; border-radius: 12px; }
  .test-banner { background: #ffd34d; color: #222; padding: 0.75rem 1rem; border-radius: 8px; font-weight: 600; }
  .plan { font-size: 1.2rem; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 8px; border: 0; background: #4f7cff; color: white; cursor: pointer; }
  button.secondary { background: transparent; color: #8fb0ff; border: 1px solid #8fb0ff; }
  form { margin: 0.75rem 0; }
  a { color: #8fb0ff; }
</style>
</head>
<body>
<main>
<p class="test-banner" role="note">Test payment page: this server has no payment provider configured. No card is asked for and no money is taken.</p>
<h1>${title}</h1>
${body}
</main>
</body>
</html>`;
}
