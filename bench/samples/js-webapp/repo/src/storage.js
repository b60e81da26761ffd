export async function load() {
  const res = await fetch('/cards');
  return res.json();
}
