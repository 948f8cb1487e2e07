// The blog's own script: sizes the iframe from its height messages and keeps every message for the tests.
window.messages = [];
addEventListener('message', (event) => {
  const frame = document.getElementById('frame');
  if (event.source !== frame.contentWindow) return;
  window.messages.push(event.data);
  if (event.data?.type === 'pe-explorer:height') frame.style.height = `${event.data.height}px`;
});
