// Tiny DOM helpers: build HTML and SVG elements from a tag, attributes and children.
const SVG_NS = "http://www.w3.org/2000/svg";

function build(element, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") element.addEventListener(key.slice(2), value);
    else if (key === "text") element.textContent = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** An HTML element: el("button", {class: "x", onclick: f}, "text"). */
export function el(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element: svg("rect", {x: 0, y: 0, width: 10, height: 10}). */
export function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace the children of `parent`. */
export function fill(parent, ...children) {
  parent.replaceChildren();
  build(parent, {}, children);
  return parent;
}

/** Squeeze every SVG text of `root` marked `data-fit="WIDTH"` that is wider than WIDTH once laid out. */
export function fitTexts(root) {
  for (const text of root.querySelectorAll("text[data-fit]")) {
    const width = Number(text.dataset.fit);
    if (text.getComputedTextLength() > width) {
      text.setAttribute("textLength", String(width));
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}
