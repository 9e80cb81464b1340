// The committed course documents (made by LibreOffice, see fixtures/materials/make-fixtures.py)
// and the text Lectern must extract from each, exactly.
import { readFileSync } from 'node:fs';

const directory = new URL('../../fixtures/materials/', import.meta.url);
export const fixture = (name: string): Buffer => readFileSync(new URL(name, directory));

export const deckSlides = [
  'Derivatives\n- Calculus I, week 3\n\nNotes: Welcome everyone back after the quiz.',
  'The tangent line\n- The derivative is the slope of the tangent line\n  - It is the limit of the slopes of secant lines\n- Notation: f′(x) or dy/dx',
  'The power rule\n- The derivative of x^n is n·x^(n−1)\n- It works for every real exponent n\n\nNotes: Students often forget to lower the exponent by one.',
  'Common derivatives\nFunction | Derivative\nsin x | cos x\ne^x | e^x\nln x | 1/x',
  'The product rule\n- (fg)′ = f′g + fg′\n  - Not the product of the derivatives',
  'The chain rule\n- Differentiate the outer function, then multiply by the derivative of the inner one\n- Leibniz wrote it as dy/dx = dy/du · du/dx\n\n' +
    'Notes: The chain rule first appeared in a 1676 memoir by Gottfried Wilhelm Leibniz.',
  'The mean value theorem\n- A function continuous on [a, b] and differentiable on (a, b)\n' +
    '- has a point c where f′(c) equals the average slope (f(b) − f(a)) / (b − a)\n  - Rolle’s theorem is the case f(a) = f(b)\n\n' +
    'Notes: Draw the secant line and slide it until it touches the curve.',
  'Homework\n- Exercises 3.1 to 3.4\n- Due on Friday',
];

export const handoutDocxText = [
  'Photosynthesis handout',
  'Plants turn light into chemical energy in the chloroplasts.',
  'The two stages',
  '- Light reactions in the thylakoid membranes',
  '- The Calvin cycle in the stroma',
  'Stage | Input | Output',
  'Light reactions | water, light | oxygen, ATP',
  'Calvin cycle | carbon dioxide, ATP | glucose',
  'Why leaves are green',
  'Chlorophyll absorbs red and blue light and reflects green light.',
].join('\n');

export const handoutPdfPages = [
  [
    'Photosynthesis handout',
    'Plants turn light into chemical energy in the chloroplasts.',
    'The two stages',
    '•Light reactions in the thylakoid membranes',
    '•The Calvin cycle in the stroma',
    'Stage Input Output',
    'Light reactions water, light oxygen, ATP',
    'Calvin cycle carbon dioxide, ATP glucose',
  ].join('\n'),
  'Why leaves are green\nChlorophyll absorbs red and blue light and reflects green light.',
];
