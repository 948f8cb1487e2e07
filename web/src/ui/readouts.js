// One readout line shared by several charts of a figure. Each chart writes its text whenever what it shows
// changes; the line shows the text of the chart the reader last pointed at or focused, so that a redraw of
// one chart does not overwrite what the reader is reading in another.

/**
 * @param {(text: string) => void} setReadout writes the figure's readout line
 * @returns {() => { write: (text: string) => void, claim: (text?: string) => void }} hands out one share per
 *   chart: `write` gives the chart's current text (shown only while the chart is being read), `claim` makes it
 *   the chart being read (with new text, or its last)
 */
export function sharedReadout(setReadout) {
  let owner = null;
  return () => {
    let last = '';
    const part = {
      write(text) {
        last = text;
        if (owner === part) setReadout(text);
      },
      claim(text = last) {
        owner = part;
        part.write(text);
      },
    };
    return part;
  };
}
