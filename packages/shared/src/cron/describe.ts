export function describeCron(){return ""}
