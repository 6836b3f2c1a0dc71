export const policies = {
}

