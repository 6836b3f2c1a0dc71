console.log('vue pending')
