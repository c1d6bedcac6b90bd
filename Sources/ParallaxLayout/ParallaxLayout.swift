// Placeholder until the layout engine lands (issue 3).
